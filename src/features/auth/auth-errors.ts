import type { TFunction } from 'i18next'

/** The server's refusal to send a code to an unknown address (login only). */
export const SIGNUP_DISABLED_CODE = 'SIGNUP_DISABLED'

/** Auth error codes we translate (spec section 8); others fall back to unknown. */
export const AUTH_ERROR_CODES = [
  'USER_NOT_FOUND',
  'FAILED_TO_CREATE_USER',
  'FAILED_TO_CREATE_SESSION',
  'FAILED_TO_UPDATE_USER',
  'FAILED_TO_GET_SESSION',
  'INVALID_EMAIL',
  'USER_ALREADY_EXISTS',
  'SESSION_EXPIRED',
  'OTP_EXPIRED',
  'INVALID_OTP',
  'TOO_MANY_ATTEMPTS',
  'BANNED_USER',
  'TOO_MANY_REQUESTS',
  'UNKNOWN_ERROR',
] as const

type AuthError = { code?: string; status?: number } | null | undefined

export function authErrorMessage(t: TFunction, error: AuthError) {
  const code = error?.status === 429 ? 'TOO_MANY_REQUESTS' : error?.code
  const known = AUTH_ERROR_CODES.find((candidate) => candidate === code)
  return t(`auth:errors.${known ?? 'UNKNOWN_ERROR'}`)
}
