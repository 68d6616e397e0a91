/**
 * Demo mode (`DEMO_MODE=true`): the product is read-only, and the server
 * refuses every mutation with HTTP 403 and the error code `DEMO_MODE`:
 * - /api/auth/* answers `{ code: 'DEMO_MODE', message }` (src/server/auth/demo-policy.server.ts);
 * - every app API procedure that is not a GET is refused by the procedure
 *   middleware (src/server/api/procedure.server.ts): the typed client throws
 *   an `ORPCError` whose `code` is `DEMO_MODE`.
 *
 * Isomorphic: the UI recognises the refusal with `isDemoModeError` and opens
 * the demo dialog (see demo-store.ts).
 */
export const DEMO_MODE_ERROR_CODE = 'DEMO_MODE'
export const DEMO_MODE_STATUS = 403
/** Server-side message of the refusal (the UI shows its own translated text). */
const DEMO_MODE_MESSAGE = 'This is a read-only demo, this action is disabled.'

/** The JSON body of a refused request to the auth routes. */
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
 * better-auth client's `error` ({ code, status }), the typed API client's
 * `ORPCError` (code `DEMO_MODE`), an error body ({ code }) held by a fetch
 * client's error, or any of these as an error's `cause`.
 */
export function isDemoModeError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false
  const candidate = error as { code?: unknown; body?: unknown; cause?: unknown; data?: unknown }
  if (candidate.code === DEMO_MODE_ERROR_CODE) return true
  return [candidate.body, candidate.data, candidate.cause].some((inner) => isDemoModeError(inner, depth + 1))
}
