import { AUTH_ERROR_CODES } from '@/lib/auth/auth-errors'
import { isProofAction, NOT_WHILE_IMPERSONATING } from '@/lib/auth/proof-actions'
import type { TranslationKey } from '@/lib/i18n/keys'
import { AUTH_BASE_PATH } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'

import { API_ERROR_KEYS, type ApiErrorCode } from '../http/api-errors'
import { apiError } from '../http/api-errors.server'
import type { ApiContext } from './context.server'

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
}

/** Auth service codes that a domain words its own way (and the form field they belong to). */
export type AuthServiceErrors = Record<string, { code: ApiErrorCode; key: TranslationKey; field?: string }>

/**
 * An API error carrying the auth service's code, so that the app API and
 * /api/auth/* answer alike: same status, same `authCode`. The message is the
 * domain's (`errors`), else the catalogue's (`auth:errors.<CODE>`,
 * docs/product.md#errors) for a `YOU_…` rule or SESSION_EXPIRED, else the API's generic one for the status.
 */
export function authServiceError(
  status: number,
  authCode: string | undefined,
  errors: AuthServiceErrors = {},
  proofAction?: unknown,
) {
  const known = authCode ? errors[authCode] : undefined
  if (known) return apiError(known.code, known.key, { field: known.field, authCode })
  const code = STATUS_CODES[status] ?? 'INTERNAL_SERVER_ERROR'
  // A permission rule, the proof of presence it asks for again (SESSION_EXPIRED), or impersonation's limits.
  const catalogued =
    authCode?.startsWith('YOU_') || authCode === 'SESSION_EXPIRED' || authCode === NOT_WHILE_IMPERSONATING
      ? AUTH_ERROR_CODES.find((candidate) => candidate === authCode)
      : undefined
  const key: TranslationKey = catalogued ? `auth:errors.${catalogued}` : API_ERROR_KEYS[code]
  const error = apiError(code, key, { authCode, values: code === 'FORBIDDEN' ? { resource: 'user' } : undefined })
  // The action the proof dialog names (src/lib/auth/proof-actions.ts).
  if (isProofAction(proofAction)) error.data.proofAction = proofAction
  return error
}

/** Headers of the caller's request that describe the body it sent, not the one sent on. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'transfer-encoding']
/** What a browser adds to every request it sends on a page's behalf (a POST always has Origin). */
const BROWSER_HEADERS = ['origin', 'referer', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest']

/**
 * The one way an app procedure asks better-auth to act: a POST to its own
 * route (`path` below /api/auth, e.g. `/admin/ban-user`) sent through the
 * same handler as the browser's calls, with the caller's headers (session
 * cookie, Origin, Referer, Sec-Fetch-*, language) and the socket's address.
 * better-auth thus runs every check it runs for /api/auth/*: the origin
 * check, the session, the admin permission, its hooks (audit trail) and our
 * demo policy. Calling `auth.api.*` from the server would skip the origin
 * check. A refusal becomes an API error (`authServiceError`).
 */
export async function callAuthService<T>(
  context: ApiContext,
  path: `/${string}`,
  body: unknown,
  errors?: AuthServiceErrors,
): Promise<T> {
  const headers = new Headers(context.headers)
  for (const name of BODY_HEADERS) headers.delete(name)
  headers.set('content-type', 'application/json')
  // A non-browser client (curl, a script) sends none of them: no page of another site can
  // make it send the cookie, so it speaks for this origin, as the request pipeline also
  // treats it. Any browser request goes on as it came, for better-auth to judge.
  if (!BROWSER_HEADERS.some((name) => headers.has(name))) headers.set('origin', new URL(context.env.BASE_URL).origin)
  const request = new Request(new URL(`${AUTH_BASE_PATH}${path}`, context.env.BASE_URL), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const response = await handleAuthRequest(context.auth, request, context.clientIp)
  const json = (await response.json().catch(() => null)) as { code?: unknown; proofAction?: unknown } | null
  if (!response.ok)
    throw authServiceError(
      response.status,
      typeof json?.code === 'string' ? json.code : undefined,
      errors,
      json?.proofAction,
    )
  return json as T
}
