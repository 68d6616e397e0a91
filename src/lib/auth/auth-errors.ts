import type { TFunction } from 'i18next'

import type { Namespace } from '@/lib/i18n/config'
import { translate } from '@/lib/i18n/keys'

type T = TFunction<Namespace[]>

/** The server's refusal to send a code to an unknown address (login only). */
export const SIGNUP_DISABLED_CODE = 'SIGNUP_DISABLED'

/** The request pipeline's refusal of a page opened at an address other than the app's own. */
const UNTRUSTED_ORIGIN_CODE = 'UNTRUSTED_ORIGIN'

/** Codes our own server hooks answer with (src/server/auth/account-hooks.server.ts). */
export const ACCOUNT_ERROR_CODES = {
  NAME_REQUIRED: 'NAME_REQUIRED',
  NAME_INVALID: 'NAME_INVALID',
  EMAIL_ALREADY_USED: 'EMAIL_ALREADY_USED',
  IMAGE_INVALID: 'IMAGE_INVALID',
  ROLE_INVALID: 'ROLE_INVALID',
} as const

/**
 * The error catalogue (docs/product.md#errors): every code the auth service may answer
 * with, each translated as `auth:errors.<CODE>` in every language; anything
 * else reads as UNKNOWN_ERROR.
 */
export const AUTH_ERROR_CODES = [
  // Authentication (better-auth core and e-mail code)
  'USER_NOT_FOUND',
  'FAILED_TO_CREATE_USER',
  'FAILED_TO_CREATE_SESSION',
  'FAILED_TO_UPDATE_USER',
  'FAILED_TO_GET_SESSION',
  'INVALID_PASSWORD',
  'INVALID_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'SOCIAL_ACCOUNT_ALREADY_LINKED',
  'PROVIDER_NOT_FOUND',
  'INVALID_TOKEN',
  'ID_TOKEN_NOT_SUPPORTED',
  'FAILED_TO_GET_USER_INFO',
  'USER_EMAIL_NOT_FOUND',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_HAS_PASSWORD',
  'EMAIL_CAN_NOT_BE_UPDATED',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'SESSION_EXPIRED',
  'FAILED_TO_UNLINK_LAST_ACCOUNT',
  'ACCOUNT_NOT_FOUND',
  'OTP_EXPIRED',
  'INVALID_OTP',
  'TOO_MANY_ATTEMPTS',
  'BANNED_USER',
  'TOO_MANY_REQUESTS',
  'UNAUTHORIZED',
  // Captcha
  'MISSING_RESPONSE',
  'SERVICE_UNAVAILABLE',
  'VERIFICATION_FAILED',
  // This product's own codes
  'SIGNUP_DISABLED',
  'NAME_REQUIRED',
  'NAME_INVALID',
  'EMAIL_ALREADY_USED',
  'IMAGE_INVALID',
  'ROLE_INVALID',
  'NOT_WHILE_IMPERSONATING',
  // Passkeys (better-auth's passkey plugin; the browser's refusals, src/lib/auth/passkeys.ts)
  'PASSKEY_NOT_FOUND',
  'AUTHENTICATION_FAILED',
  'FAILED_TO_VERIFY_REGISTRATION',
  'PREVIOUSLY_REGISTERED',
  'AUTH_CANCELLED',
  'CHALLENGE_NOT_FOUND',
  // Admin plugin
  'YOU_CANNOT_BAN_YOURSELF',
  'YOU_CANNOT_REMOVE_YOURSELF',
  'YOU_CANNOT_IMPERSONATE_ADMINS',
  'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
  'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
  'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
  'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS',
  'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
  'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
  'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
  'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS',
  'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
  'YOU_ARE_NOT_ALLOWED_TO_GET_USER',
  'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
  'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL',
  'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PHONE_NUMBER',
  'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
  'INVALID_ROLE_TYPE',
  'NO_DATA_TO_UPDATE',
  // Organization and team plugin
  'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
  'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
  'ORGANIZATION_ALREADY_EXISTS',
  'ORGANIZATION_SLUG_ALREADY_TAKEN',
  'TEAM_ALREADY_EXISTS',
  'ORGANIZATION_NOT_FOUND',
  'TEAM_NOT_FOUND',
  'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
  'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
  'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
  'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
  'NO_ACTIVE_ORGANIZATION',
  'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM',
  'MEMBER_NOT_FOUND',
  'ROLE_NOT_FOUND',
  'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
  'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
  'INVITATION_NOT_FOUND',
  'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
  'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
  'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
  'FAILED_TO_RETRIEVE_INVITATION',
  'UNABLE_TO_REMOVE_LAST_TEAM',
  'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
  'INVITATION_LIMIT_REACHED',
  'TEAM_MEMBER_LIMIT_REACHED',
  'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
  'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM',
  'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
  'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
  'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
  'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
  'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
  'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
  'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS',
  'YOU_CAN_NOT_ACCESS_THE_MEMBERS_OF_THIS_TEAM',
  'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
  'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
  // Anything else
  'UNKNOWN_ERROR',
] as const

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number]

/** Codes that mean the same to a user as one of the catalogue. */
const ALIASES: Record<string, AuthErrorCode> = {
  // Fresh session required (list-sessions and others answer with this one).
  SESSION_NOT_FRESH: 'SESSION_EXPIRED',
  // The admin plugin's create-user with a taken address.
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_ALREADY_USED',
}

/**
 * The permission messages of the access control (docs/product.md#permissions), which come
 * as text, not as codes: `auth:permissions.<key>`, with the resource.
 */
const PERMISSION_MESSAGES: Array<[RegExp, 'notAllowed' | 'unauthorizedResource' | 'notAuthorized' | 'invalidRequest']> =
  [
    [/^You are not allowed to access resource: (.+)$/, 'notAllowed'],
    [/^unauthorized to access resource "(.+)"$/, 'unauthorizedResource'],
    [/^Not authorized$/, 'notAuthorized'],
    [/^Invalid access control request$/, 'invalidRequest'],
  ]

/** A permission message translated, or undefined when `message` is not one. */
export function permissionMessage(t: T, message: string | undefined | null) {
  if (!message) return undefined
  for (const [pattern, key] of PERMISSION_MESSAGES) {
    const match = pattern.exec(message)
    if (match) return translate(t, `auth:permissions.${key}`, { resource: match[1] ?? '' })
  }
  return undefined
}

/** The catalogue code for an error code, or undefined when it is not one. */
export function toAuthErrorCode(code: string | undefined | null): AuthErrorCode | undefined {
  if (!code) return undefined
  return ALIASES[code] ?? AUTH_ERROR_CODES.find((candidate) => candidate === code)
}

type AuthError = { code?: string; status?: number; message?: string; retryAfter?: unknown } | null | undefined

/**
 * A wait as people say it: whole seconds under a minute, then minutes
 * (rounded up) under an hour, then hours (rounded up).
 */
function retryWait(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 60) return { value: whole, unit: 'second' }
  if (whole < 60 * 60) return { value: Math.ceil(whole / 60), unit: 'minute' }
  return { value: Math.ceil(whole / 3600), unit: 'hour' }
}

/** 'Too many requests. Try again in 12 minutes.' from the seconds a refusal (429) says to wait. */
function tryAgainMessage(t: T, retryAfter: unknown) {
  if (typeof retryAfter !== 'number' || !Number.isFinite(retryAfter) || retryAfter <= 0) {
    return t('auth:errors.TOO_MANY_REQUESTS')
  }
  const { value, unit } = retryWait(retryAfter)
  return t('auth:rateLimit.tryAgain', { when: value, formatParams: { when: { range: unit } } })
}

/**
 * What a user reads for an error of the auth service (better-auth client
 * error, or an admin/permission answer): the translated message of its code,
 * of its permission message, the server's own for an untrusted origin, or
 * 'Something went wrong, please try again'.
 */
export function authErrorMessage(t: T, error: AuthError) {
  if (error?.status === 429) return tryAgainMessage(t, error.retryAfter)
  // The page was opened at an address the server does not accept forms from: its answer says
  // which one to open, in the person's language (src/server/http/cross-site.server.ts).
  if (error?.code === UNTRUSTED_ORIGIN_CODE && error.message) return error.message
  const known = toAuthErrorCode(error?.code)
  if (known) return t(`auth:errors.${known}`)
  return permissionMessage(t, error?.message) ?? t('auth:errors.UNKNOWN_ERROR')
}
