import path from 'node:path'

import { readMigrationFiles } from 'drizzle-orm/migrator'

import type { Database } from './client.server'

/** Where drizzle-kit writes the SQL migrations; shipped next to `.output`. */
export const MIGRATIONS_FOLDER = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle')

/**
 * Applies the committed migrations that have not run yet. Works the same on
 * both drivers: drizzle's dialect migrator only needs a pg session.
 */
export async function migrate(db: Database) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
  const internals = db as unknown as {
    dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }
    session: unknown
  }
  await internals.dialect.migrate(migrations, internals.session, {
    migrationsFolder: MIGRATIONS_FOLDER,
  })
}
