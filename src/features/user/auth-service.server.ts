import { OWN_ROLE_ERROR_CODE } from '@/lib/audit-actions'
import { type AuthServiceErrors, callAuthService } from '@/server/api/auth-service.server'
import type { ApiContext } from '@/server/api/context.server'
import { API_ERROR_KEYS } from '@/server/http/api-errors'

/** Auth service codes with a message of this domain (and the form field they belong to). */
const USER_ERRORS: AuthServiceErrors = {
  USER_ALREADY_EXISTS: { code: 'CONFLICT', key: 'user:errors.emailTaken', field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'CONFLICT', key: 'user:errors.emailTaken', field: 'email' },
  [OWN_ROLE_ERROR_CODE]: { code: 'BAD_REQUEST', key: 'user:errors.ownRole', field: 'role' },
  USER_NOT_FOUND: { code: 'NOT_FOUND', key: API_ERROR_KEYS.NOT_FOUND },
}

/** An admin route of the auth service (`/admin/…`), as the caller, through the one adapter. */
export function callAdminRoute<T = unknown>(context: ApiContext, path: `/admin/${string}`, body: unknown): Promise<T> {
  return callAuthService<T>(context, path, body, USER_ERRORS)
}
