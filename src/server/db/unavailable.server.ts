import { AsyncLocalStorage } from 'node:async_hooks'

/** Node's socket errors when the database server is not there or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
])

/**
 * PostgreSQL's 'connection exception' class (08…), shutting down or not yet
 * accepting connections (57P01-57P03), too many connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/

/** pg's and PGlite's own words for a lost or closed connection, or a statement that got no answer in time. */
const UNAVAILABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|connection error|query read timeout|is not queryable|pglite is closed|database is closed|cannot use a pool after calling end/i

// A mark, not a class: the build holds two copies of this module (nitro's entry bundle and the SSR bundle).
const UNREACHABLE = Symbol.for('start-books.database.unreachable')

/**
 * `error`, marked as a failure to obtain a connection (client.server.ts marks
 * every one): the database cannot be reached, whatever it said, a SQLSTATE
 * of its own included (55000 for a database closed to connections, 28P01
 * for a password that no longer works, 53300, 57P03…).
 */
export function unreachable(error: unknown): Error {
  const failure = error instanceof Error ? error : new Error(String(error))
  Object.defineProperty(failure, UNREACHABLE, { value: true })
  return failure
}

/**
 * Whether an error, or any error under it (drizzle's `cause`, an
 * AggregateError's `errors`), means the database cannot be reached:
 * the request was fine, the service is temporarily unavailable (503).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if ((error as { [UNREACHABLE]?: boolean })[UNREACHABLE]) return true
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

const witness = new AsyncLocalStorage<{ error?: unknown }>()

/**
 * Runs `fn` and throws the first unreachable-database error that code under
 * it reported (`reportDatabaseError`) but did not throw: better-auth catches
 * a failed session read and answers 401, as if the caller were signed out.
 * Thrown, the error reaches the pipeline, which answers 503.
 */
export async function failingIfDatabaseWasUnavailable<T>(fn: () => Promise<T>): Promise<T> {
  const state: { error?: unknown } = {}
  const result = await witness.run(state, fn)
  if (state.error) throw state.error
  return result
}

/** An error a library logs and swallows: remembered if it means the database cannot be reached. */
export function reportDatabaseError(error: unknown) {
  const state = witness.getStore()
  if (state && state.error === undefined && isDatabaseUnavailable(error)) state.error = error
}
