import { randomBytes } from 'node:crypto'

import { afterAll, inject } from 'vitest'

import { type DatabaseHandle, openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'

import { databaseUrl, dropDatabases, quoteDatabase, withClient } from './context'

export interface TestDatabase extends DatabaseHandle {
  /** `memory://` or the clone's postgres:// URL. */
  url: string
}

/**
 * A database of its own for one test file, never the process singleton:
 * in-memory PGlite in the `pglite` project; in the `postgres` project a new
 * database `test_<run>_<random>` cloned from the run's migrated and seeded
 * template (or, with `seeded: false`, a blank one), dropped by `close()`.
 * `close()` is registered with afterAll, so callers need not close it.
 */
export async function createTestDatabase({ seeded = true } = {}): Promise<TestDatabase> {
  const postgres = inject('postgres')
  const handle = postgres
    ? await openPostgresClone(postgres.adminUrl, postgres.prefix, seeded ? postgres.template : 'template0')
    : { ...(await openDatabase('memory://')), url: 'memory://' }
  afterAll(() => handle.close())
  if (seeded && !postgres) await prepareDatabase(handle, { demo: true })
  return handle
}

async function openPostgresClone(adminUrl: string, prefix: string, template: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const source = template === 'template0' ? 'template0' : quoteDatabase(template)
  await withClient(adminUrl, (client) => client.query(`create database ${quoteDatabase(name)} template ${source}`))
  const url = databaseUrl(adminUrl, name)
  const handle = await openDatabase(url)
  let closed = false
  return {
    ...handle,
    url,
    async close() {
      if (closed) return
      closed = true
      await handle.close()
      await dropDatabases(adminUrl, name)
    },
  }
}

/** The SQLSTATE of a failed query, through drizzle's wrapping (`cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

export const UNIQUE_VIOLATION = '23505'
