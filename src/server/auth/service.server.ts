import type { AuthCallError } from '@/lib/auth/auth-client'
import type { Env } from '@/lib/env.server'

import { type Auth, AUTH_BASE_PATH } from './auth.server'
import { handleAuthRequest } from './handler.server'

/** Who asks the auth service to act: the caller's request headers and resolved address (an API context is one). */
export interface AuthServiceCaller {
  auth: Auth
  headers: Headers
  clientIp?: string
  env: Pick<Env, 'BASE_URL'>
}

/** A refusal as the auth service words it (`code`, `message`…), with its status and the proof action it may name. */
type AuthServiceRefusal = AuthCallError & { status: number; proofAction?: unknown }

export type AuthServiceAnswer =
  { ok: true; data: unknown; setCookies: string[] } | { ok: false; error: AuthServiceRefusal; setCookies: string[] }

/** Headers of the caller's request that describe the body it sent, not the one sent on. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'transfer-encoding']
/** What a browser adds to every request it sends on a page's behalf (a POST always has Origin). */
const BROWSER_HEADERS = ['origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest']

/**
 * The one way the server asks better-auth to act, for an app procedure and a
 * form post alike: a JSON POST to its own route (`path` below /api/auth, e.g.
 * `/admin/ban-user`) through the same door as the browser's calls
 * (`handleAuthRequest`), with the caller's headers and the address the
 * pipeline resolved. better-auth thus runs every check it runs for
 * /api/auth/*: the origin check, the session, the admin permission, the
 * sign-in budgets, bans, its hooks (audit trail) and demo mode. Calling
 * `auth.api.*` from the server would skip the origin check.
 *
 * One header policy: the caller's headers go on (cookies, Origin, Referer,
 * Sec-Fetch-*, language) but those of its own body, which is not the one
 * sent. A caller with none of a browser's headers (curl, a script) speaks for
 * this origin, as the request pipeline (cross-site.server.ts) already let it
 * through: no page of another site can make it send the cookie. A browser's
 * request goes on as it came, for better-auth to judge.
 */
export async function askAuthService(
  caller: AuthServiceCaller,
  path: `/${string}`,
  body: unknown,
): Promise<AuthServiceAnswer> {
  const headers = new Headers(caller.headers)
  for (const name of BODY_HEADERS) headers.delete(name)
  headers.set('content-type', 'application/json')
  headers.set('accept', 'application/json')
  if (!BROWSER_HEADERS.some((name) => headers.has(name))) headers.set('origin', new URL(caller.env.BASE_URL).origin)
  const request = new Request(new URL(`${AUTH_BASE_PATH}${path}`, caller.env.BASE_URL), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const response = await handleAuthRequest(caller.auth, request, caller.clientIp)
  const json: unknown = await response.json().catch(() => null)
  const setCookies = response.headers.getSetCookie()
  if (response.ok) return { ok: true, data: json, setCookies }
  const refusal = json && typeof json === 'object' ? (json as AuthCallError) : {}
  return { ok: false, error: { ...refusal, status: response.status }, setCookies }
}
