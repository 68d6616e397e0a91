import type { TranslationKey, TranslationValues } from '@/lib/i18n/keys'

/**
 * The data every API error carries, isomorphic: the server fills it, the UI
 * reads it (src/lib/api-error.ts). `message` is already translated into the
 * caller's language; `key` lets a page translate it again in its current
 * language, and `fields` places messages on the form fields they belong to.
 */
export interface ApiErrorData {
  /** An i18n key with its namespace, e.g. `book:errors.titleTaken`. */
  key: TranslationKey
  values?: TranslationValues
  /** Field path (dot-joined) → i18n key of its message. */
  fields?: Record<string, TranslationKey>
  /**
   * The auth service's error code when the failure is one of its rules
   * (e.g. `YOU_CANNOT_BAN_YOURSELF`): the same code /api/auth answers with.
   */
  authCode?: string
  /** With SESSION_EXPIRED: the action the proof of presence would confirm (src/lib/auth/proof-actions.ts). */
  proofAction?: string
}

/** The oRPC error codes the API answers with, and their HTTP statuses. */
export const API_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const

export type ApiErrorCode = keyof typeof API_ERROR_STATUS

/** Generic messages, in the `ui` namespace. */
export const API_ERROR_KEYS = {
  BAD_REQUEST: 'ui:api.invalidInput',
  UNAUTHORIZED: 'ui:api.unauthorized',
  FORBIDDEN: 'ui:api.forbidden',
  NOT_FOUND: 'ui:api.notFound',
  CONFLICT: 'ui:api.conflict',
  TOO_MANY_REQUESTS: 'ui:api.tooManyRequests',
  INTERNAL_SERVER_ERROR: 'ui:api.unexpected',
  SERVICE_UNAVAILABLE: 'ui:api.unavailable',
} as const satisfies Record<ApiErrorCode, TranslationKey>
