import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'

import { changeNoticesHeard } from '../db/change-notices.server'
import type { DatabaseHandle } from '../db/client.server'
import { type Database, databaseHandle } from '../db/index.server'
import { MIGRATIONS_FOLDER } from '../db/migrate.server'
import { isDraining } from './shutdown.server'

/**
 * Health for load balancers and orchestrators: cheap (one indexed query,
 * bounded by a timeout), unauthenticated, JSON, never cached.
 *
 * - live: the process answers (restart it when this fails);
 * - ready: send it traffic. 503 while starting (database opening or
 *   migrating), when the database is unreachable or lacks this build's
 *   migrations, and from the first SIGTERM/SIGINT on (draining). Ready
 *   says `changeNotices: 'not heard'` while the database's change notices
 *   are not heard: the instance serves, but keeps nothing (every read goes
 *   to the database; docs/deploy/past-one-machine.md).
 */
export type Readiness =
  | { status: 'ready'; changeNotices?: 'not heard' }
  | { status: 'starting' | 'draining' }
  | { status: 'unavailable'; reason: 'database' | 'migrations' }

const CHECK_TIMEOUT_MS = 2000

export function liveResponse(): Response {
  return json({ status: 'ok' }, 200)
}

export async function readyResponse(): Promise<Response> {
  const state = await readiness()
  return json(state, state.status === 'ready' ? 200 : 503)
}

export async function readiness(): Promise<Readiness> {
  if (isDraining()) return { status: 'draining' }
  const database = opening()
  if (database.state === 'opening') return { status: 'starting' }
  if (database.state === 'failed') return { status: 'unavailable', reason: 'database' }
  const state = await databaseReadiness(database.handle.db)
  // The answer may have taken a while: a signal in between wins.
  return isDraining() ? { status: 'draining' } : state
}

/** Ready when the database answers within the bound and has this build's migrations. */
export async function databaseReadiness(db: Database): Promise<Readiness> {
  const applied = await within(lastAppliedMigration(db), CHECK_TIMEOUT_MS).catch(() => undefined)
  if (applied === undefined) return { status: 'unavailable', reason: 'database' }
  if (applied === null || applied < latestMigration()) return { status: 'unavailable', reason: 'migrations' }
  const heard = await within(changeNoticesHeard(db), CHECK_TIMEOUT_MS)
  return heard ? { status: 'ready' } : { status: 'ready', changeNotices: 'not heard' }
}

type Opening = { state: 'opening' } | { state: 'failed' } | { state: 'open'; handle: DatabaseHandle }
let database: Opening | undefined

/** Where opening the database stands, without waiting for it (it can take seconds: migrations). */
function opening(): Opening {
  if (!database) {
    database = { state: 'opening' }
    databaseHandle().then(
      (handle) => (database = { state: 'open', handle }),
      () => (database = { state: 'failed' }),
    )
  }
  return database
}

let latest: number | undefined

/** The newest migration this build ships (drizzle records its folder time). */
function latestMigration(): number {
  latest ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis))
  return latest
}

/** The newest migration applied to the database; null when none is. */
async function lastAppliedMigration(db: Database): Promise<number | null> {
  const result = (await db.execute(
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { created_at: string | number | null }[]
  }
  const value = result.rows[0]?.created_at
  return value === null || value === undefined ? null : Number(value)
}

/** The promise's value, or undefined when it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms)
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    )
  })
}

function json(body: unknown, status: number): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } })
}
