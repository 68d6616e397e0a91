import { databaseTimeouts, env } from '@/lib/env.server'
import { logger } from '@/server/platform/logger.server'
import { processWide } from '@/server/platform/process-wide.server'

import { type Database, type DatabaseHandle, openDatabase } from './client.server'
import { migrate } from './migrate.server'
import { isEmpty, seed } from './seed.server'

export type { Database, DatabaseHandle } from './client.server'

/**
 * The process's database (DATABASE_URL): opened once, migrated, seeded when
 * empty, its change notices heard. Process-wide so the dev server's module
 * reloads reuse it (PGlite allows one owner per folder). What else the process
 * runs, and when the database closes, is src/server/process's.
 */
const opened = processWide<{ handle?: Promise<DatabaseHandle> }>('database', () => ({}))

/** Migrates, and seeds an empty database: genres, plus the demo data where env SEED_DEMO_DATA allows it. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  { demo = env().SEED_DEMO_DATA }: { demo?: boolean } = {},
) {
  await handle.exclusive(async (db) => {
    await migrate(db)
    if (await isEmpty(db)) {
      logger.info({ demoData: demo }, 'empty database: seeding')
      await seed(db, { demo })
    }
  })
  return handle
}

export function databaseHandle(): Promise<DatabaseHandle> {
  opened.handle ??= (async () => {
    const config = env()
    const handle = await openDatabase(config.DATABASE_URL, {
      directUrl: config.DATABASE_DIRECT_URL,
      replicaUrls: config.DATABASE_REPLICA_URLS,
      replicaMaxLagMs: config.DATABASE_REPLICA_MAX_LAG_SECONDS * 1000,
      timeouts: databaseTimeouts(config),
      log: logger,
    })
    logger.info({ driver: handle.driver }, 'database opened')
    return prepareDatabase(handle)
  })()
  return opened.handle
}

export async function getDb(): Promise<Database> {
  return (await databaseHandle()).db
}

/** Closes the database if it was opened (PGlite: releases its folder lock). */
export async function closeDatabase() {
  const handle = await opened.handle?.catch(() => undefined)
  opened.handle = undefined
  if (!handle) return
  logger.info('closing the database')
  await handle.close()
}
