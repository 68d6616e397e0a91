import { demoModeResponse } from '@/lib/demo/demo-error'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import { failingIfDatabaseWasUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable.server'
import { toApiError } from '@/server/http/api-errors.server'
import { refusal } from '@/server/http/refusal.server'

import { type Auth, AUTH_BASE_PATH, CLIENT_IP_HEADER } from './auth.server'
import { isAllowedInDemoMode, unservedMethodAllow } from './demo-policy.server'
import { type AuthEndpointRoute, authEndpointRoutes } from './internals.server'

/**
 * Serves /api/auth/* with these guarantees on top of better-auth:
 * - the client address is the one the request pipeline resolved (the
 *   socket's, or X-Forwarded-For as far as TRUST_PROXY trusts it), set in a
 *   header of our own that overwrites anything the client sent, so rate
 *   limits cannot be dodged by forging X-Forwarded-For;
 * - a failure better-auth lets through (`onAPIError.throw`) is answered as
 *   the app API answers it: a unique violation (two concurrent sign-ups or
 *   admin creations with one e-mail) is 409 'Email already used', bad input
 *   the database refuses is 400, an unreachable database is 503 (by the
 *   pipeline); never a 500 for the caller's input;
 * - session tokens never leave the cookie: JSON answers lose their `token`
 *   fields (sessions are listed and revoked by id);
 * - `GET /get-session` of a plain live session is answered before it gets
 *   here (`apiDoors`, src/server/fast-paths/api-doors.server.ts);
 * - in demo mode (`auth.demoMode`), every request that could change data is
 *   refused with 403 `DEMO_MODE` before better-auth sees it: only signing in
 *   with an e-mail code, signing out and reads go through (demo-policy.server.ts).
 */
export async function handleAuthRequest(auth: Auth, request: Request, clientIp: string | undefined) {
  if (auth.demoMode && !isAllowedInDemoMode(routesOf(auth), request.method, authPath(request))) {
    return demoModeResponse()
  }
  // An endpoint asked with a method it does not serve: 405, not better-auth's 404.
  const allow = unservedMethodAllow(routesOf(auth), request.method, authPath(request))
  if (allow) return refusal(request, 'METHOD_NOT_ALLOWED', { allow: allow.join(', ') })
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  let response: Response
  const body = hasBody ? await request.arrayBuffer() : undefined
  try {
    // A database error better-auth swallows (a failed session read is its 401) is still a 503.
    response = await failingIfDatabaseWasUnavailable(() =>
      auth.handler(new Request(request.url, { method: request.method, headers, body, signal: request.signal })),
    )
  } catch (error) {
    return failureResponse(error, headers)
  }
  if (!response.headers.get('content-type')?.includes('application/json')) return response
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return new Response(text, response)
  }
  const responseHeaders = new Headers(response.headers)
  responseHeaders.delete('content-length')
  return new Response(JSON.stringify(withoutTokens(json)), {
    status: response.status,
    statusText: response.statusText,
    headers: responseHeaders,
  })
}

/**
 * better-auth's unhandled failures: the database's refusals of the input
 * (unique, foreign key, invalid text) get the app API's status and message;
 * an unreachable database and bugs go on to the pipeline (503, 500).
 */
async function failureResponse(error: unknown, headers: Headers): Promise<Response> {
  if (isDatabaseUnavailable(error)) throw error
  const failure = await toApiError(error, languageFromHeaders(headers))
  if (failure.status >= 500) throw error
  // The e-mail is the one unique field a caller can collide on: better-auth's own code for it.
  const code = failure.data.key === 'user:errors.emailTaken' ? 'USER_ALREADY_EXISTS' : failure.code
  return Response.json(
    { code, message: failure.message },
    { status: failure.status, headers: { 'cache-control': 'no-store' } },
  )
}

/** Drops `token` keys from an answer and the objects it holds (sessions). */
export function withoutTokens(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => withoutTokens(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, item]) => [key, withoutTokens(item, depth + 1)]),
  )
}

const routeCache = new WeakMap<Auth, AuthEndpointRoute[]>()

function routesOf(auth: Auth) {
  let routes = routeCache.get(auth)
  if (!routes) {
    routes = authEndpointRoutes(auth.api)
    routeCache.set(auth, routes)
  }
  return routes
}

/** The path below the auth base path (`/api/auth`), or '' when the URL is elsewhere. */
function authPath(request: Request) {
  const { pathname } = new URL(request.url)
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : ''
}
