import { AsyncLocalStorage } from 'node:async_hooks'

// With their extensions: vite.config.ts loads this file (through the database client) as Node does.
import { processWide } from './process-wide.server.ts'
import { startSpan } from './trace-hooks.server.ts'

/** What the server knows of the request being handled, wherever it is: its id, its database time. */
export interface RequestScope {
  requestId: string
  /** Milliseconds spent in database queries so far (their sum: concurrent queries count twice). */
  dbMs: number
  queries: number
  /** The OpenTelemetry trace the request is in, when tracing is on: on its log lines. */
  traceId?: string
}

// One store for the whole process: nitro's entry bundle opens the database, the SSR bundle serves the request.
const scopes = processWide('request-scopes', () => new AsyncLocalStorage<RequestScope>())

/** Runs `fn` as the request `requestId` (async included): log lines and query times are its own. */
export function requestScope<T>(requestId: string, fn: () => T): T {
  return scopes.run({ requestId, dbMs: 0, queries: 0 }, fn)
}

export function currentScope(): RequestScope | undefined {
  return scopes.getStore()
}

/**
 * Starts one database query of the current request (its time, and a span
 * with its SQL text, never its parameters); call the answer when it is done.
 */
export function startQuery(text: string | undefined): (error?: unknown) => void {
  const scope = scopes.getStore()
  if (!scope) return () => {}
  const started = performance.now()
  const endSpan = startSpan('db.query', () => ({ 'db.system.name': 'postgresql', 'db.query.text': text ?? '' }))
  return (error) => {
    scope.dbMs += performance.now() - started
    scope.queries++
    endSpan(error)
  }
}
