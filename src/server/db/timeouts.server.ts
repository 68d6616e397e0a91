import { AsyncLocalStorage } from 'node:async_hooks'

import { processWide } from '../platform/process-wide.server.ts'

/**
 * How long the app waits on PostgreSQL before it answers 503 (docs/deploy/README.md#when-the-database-cannot-be-reached).
 * A partition holds packets rather than refusing them: without these, a request waits as long as it lasts.
 * All three are kept by the client (node-postgres), never sent to the server, so they hold through PgBouncer.
 */
export interface DatabaseTimeouts {
  /** Opening one connection: TCP, TLS, authentication (and its LISTEN). */
  connectMs: number
  /** A request's wait for a connection: a free one of the pool, or a new one opened. */
  acquireMs: number
  /** One statement's answer. */
  queryMs: number
}

/**
 * A healthy server connects in milliseconds and this app's statements answer in
 * milliseconds too (its slowest request statements, searches and the dashboard,
 * in well under a second at a million rows): five seconds is far beyond both, and still
 * a wait a visitor sits through before reading "try again" rather than giving up.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, acquireMs: 5000, queryMs: 5000 }

const longer = processWide('database.query-timeout', () => new AsyncLocalStorage<number>())

/**
 * Runs `fn` with another bound on each of its statements: background work
 * whose statements may take as long as the work itself may (a job, up to its expiry).
 */
export function withQueryTimeout<T>(ms: number, fn: () => T): T {
  return longer.run(ms, fn)
}

/** The bound of a statement started now: the surrounding `withQueryTimeout`'s, else `fallbackMs`. */
export function queryTimeoutNow(fallbackMs: number): number {
  return longer.getStore() ?? fallbackMs
}
