import { AUTH_ERROR_CODES } from '@/lib/auth/auth-errors'
import { isProofAction, NOT_WHILE_IMPERSONATING } from '@/lib/auth/proof-actions'
import type { TranslationKey } from '@/lib/i18n/keys'
import { askAuthService } from '@/server/auth/service.server'

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

/**
 * An app procedure's call of the auth service (`askAuthService`: its checks,
 * its header policy): the answer's data, or its refusal thrown as an API error
 * (`authServiceError`).
 */
export async function callAuthService<T>(
  context: ApiContext,
  path: `/${string}`,
  body: unknown,
  errors?: AuthServiceErrors,
): Promise<T> {
  const answer = await askAuthService(context, path, body)
  if (answer.ok) return answer.data as T
  const { status, code, proofAction } = answer.error
  throw authServiceError(status, typeof code === 'string' ? code : undefined, errors, proofAction)
}
