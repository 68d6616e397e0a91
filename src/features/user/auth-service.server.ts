import { isAPIError } from 'better-auth/api'
import { AUTH_ERROR_CODES } from '@/features/auth/auth-errors'
import { roleCan, type Permission } from '@/features/auth/permissions'
import type { ApiContext } from '@/server/api/context.server'
import { apiError } from '@/server/api/errors.server'
import { API_ERROR_KEYS, type ApiErrorCode } from '@/server/api/errors'
import { authedProcedure } from '@/server/api/procedure.server'
import { CLIENT_IP_HEADER } from '@/server/auth/auth.server'
import { OWN_ROLE_ERROR_CODE } from './audit-actions'

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
}

/** Auth service codes with a message of this domain (and the form field they belong to). */
const DOMAIN_ERRORS: Record<string, { code: ApiErrorCode; key: string; field?: string }> = {
  USER_ALREADY_EXISTS: { code: 'CONFLICT', key: 'user:errors.emailTaken', field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'CONFLICT', key: 'user:errors.emailTaken', field: 'email' },
  [OWN_ROLE_ERROR_CODE]: { code: 'BAD_REQUEST', key: 'user:errors.ownRole', field: 'role' },
  USER_NOT_FOUND: { code: 'NOT_FOUND', key: API_ERROR_KEYS.NOT_FOUND },
}

/**
 * An API error carrying an admin rule's code of the auth service, so that the
 * app API and /api/auth/admin/* answer alike: same status, same `authCode`.
 * The message is the catalogue's (`auth:errors.<CODE>`, spec section 8) when
 * it has one, else the API's generic one for the status.
 */
export function authServiceError(status: number, authCode: string | undefined) {
  const known = authCode ? DOMAIN_ERRORS[authCode] : undefined
  if (known) return apiError(known.code, known.key, { field: known.field, authCode })
  const code = STATUS_CODES[status] ?? 'INTERNAL_SERVER_ERROR'
  const catalogued = authCode?.startsWith('YOU_') && AUTH_ERROR_CODES.some((candidate) => candidate === authCode)
  const key = catalogued ? `auth:errors.${authCode}` : API_ERROR_KEYS[code]
  return apiError(code, key, { authCode, values: code === 'FORBIDDEN' ? { resource: 'user' } : undefined })
}

/** Calls an admin route of the auth service; its refusals become API errors (anything else is rethrown). */
export async function callAuthService<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!isAPIError(error)) throw error
    const body = error.body as { code?: string } | undefined
    throw authServiceError(error.statusCode, body?.code)
  }
}

/**
 * The caller's headers for `context.auth.api.*`: their session cookie, and
 * the socket's address in our own header (never a client-sent one), which the
 * auth service records and the audit trail reads.
 */
export function authHeaders(context: ApiContext): Headers {
  const headers = new Headers(context.headers)
  headers.delete(CLIENT_IP_HEADER)
  if (context.clientIp) headers.set(CLIENT_IP_HEADER, context.clientIp)
  return headers
}

/**
 * Signed in, and the role grants `permission`; refused as the auth service's
 * admin route for the same action refuses (`deniedCode`, e.g.
 * YOU_ARE_NOT_ALLOWED_TO_BAN_USERS).
 */
export function withAdminPermission(permission: Permission, deniedCode: string) {
  return authedProcedure.use(({ context, next }) => {
    if (!roleCan(context.user.role, permission)) throw authServiceError(403, deniedCode)
    return next()
  })
}
