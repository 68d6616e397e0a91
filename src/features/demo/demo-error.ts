/**
 * Demo mode (`DEMO_MODE=true`): the product is read-only, and the server
 * refuses every mutation with HTTP 403 and the error code `DEMO_MODE`:
 * - /api/auth/* answers `{ code: 'DEMO_MODE', message }` (src/server/auth/demo-policy.server.ts);
 * - a server function with the `demoGuard` middleware answers 403 and throws a
 *   `DemoModeError`, which the client receives as an Error whose message is
 *   `DEMO_MODE` (TanStack Start sends only the message of a thrown Error).
 *
 * Isomorphic: the UI recognises the refusal with `isDemoModeError` and opens
 * the demo dialog (see demo-store.ts).
 */
export const DEMO_MODE_ERROR_CODE = 'DEMO_MODE'
export const DEMO_MODE_STATUS = 403
/** Server-side message of the refusal (the UI shows its own translated text). */
export const DEMO_MODE_MESSAGE = 'This is a read-only demo, this action is disabled.'

/** Its message is the code: the only part of an Error that reaches the client of a server function. */
export class DemoModeError extends Error {
  readonly code = DEMO_MODE_ERROR_CODE
  readonly status = DEMO_MODE_STATUS

  constructor() {
    super(DEMO_MODE_ERROR_CODE)
    this.name = 'DemoModeError'
  }
}

/**
 * The whole logic of the `demoGuard` middleware, for anything that mutates
 * (server functions today, oRPC procedures tomorrow): throws a
 * `DemoModeError` when the product runs in demo mode.
 */
export function assertWritable(demoMode: boolean): void {
  if (demoMode) throw new DemoModeError()
}

/** The JSON body of a refused HTTP request (auth routes, future REST API). */
export function demoModeErrorBody() {
  return { code: DEMO_MODE_ERROR_CODE, message: DEMO_MODE_MESSAGE }
}

/** A 403 response with the demo error body. */
export function demoModeResponse(): Response {
  return Response.json(demoModeErrorBody(), {
    status: DEMO_MODE_STATUS,
    headers: { 'cache-control': 'no-store' },
  })
}

/**
 * True for every shape a demo-mode refusal takes on the client: the
 * better-auth client's `error` ({ code, status }), the Error a server function
 * call throws (message `DEMO_MODE`), an error body ({ code }) held by a fetch
 * client's error, or any of these as an error's `cause`.
 */
export function isDemoModeError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false
  const candidate = error as { code?: unknown; body?: unknown; cause?: unknown; data?: unknown }
  if (candidate.code === DEMO_MODE_ERROR_CODE) return true
  if (error instanceof Error && error.message === DEMO_MODE_ERROR_CODE) return true
  return [candidate.body, candidate.data, candidate.cause].some((inner) => isDemoModeError(inner, depth + 1))
}
