import { describe, expect, it } from 'vitest'

import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'

import { authErrorMessage } from './auth-errors'

describe('authErrorMessage', async () => {
  const i18n = createI18n('en', await loadMessages('en'))
  const t = i18n.t.bind(i18n)

  it('translates the codes better-auth answers with', () => {
    expect(authErrorMessage(t, { code: 'INVALID_OTP', status: 400 })).toBe('This code is not valid')
    expect(authErrorMessage(t, { code: 'BANNED_USER', status: 403 })).toBe('You have been banned from this application')
    expect(authErrorMessage(t, { code: 'TOO_MANY_ATTEMPTS', status: 403 })).toBe(
      'Too many attempts, please ask for a new code',
    )
  })

  it('reads a 429 as too many requests, whatever its body', () => {
    expect(authErrorMessage(t, { status: 429 })).toBe('Too many requests, please try again in a moment')
  })

  it('says when to try again after a refusal of the sign-in budgets (Retry-After in the body)', () => {
    expect(authErrorMessage(t, { status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 42 })).toBe(
      'Too many requests. Try again in 42 seconds.',
    )
    expect(authErrorMessage(t, { status: 429, retryAfter: 61 })).toBe('Too many requests. Try again in 2 minutes.')
    expect(authErrorMessage(t, { status: 429, retryAfter: 60 })).toBe('Too many requests. Try again in 1 minute.')
    expect(authErrorMessage(t, { status: 429, retryAfter: 5 * 3600 + 1 })).toBe(
      'Too many requests. Try again in 6 hours.',
    )
  })

  it.each([
    ['fr', 'Trop de requêtes. Réessayez dans 12 minutes.'],
    ['ar', 'طلبات كثيرة جدًا. حاول مرة أخرى خلال 12 دقيقة.'],
    ['sw', 'Maombi mengi mno. Jaribu tena baada ya dakika 12.'],
  ] as const)('says it in %s', async (language, text) => {
    const i18n = createI18n(language, await loadMessages(language))
    expect(authErrorMessage(i18n.t.bind(i18n), { status: 429, retryAfter: 12 * 60 })).toBe(text)
  })

  it('falls back to a generic message for unknown or missing errors', () => {
    expect(authErrorMessage(t, { code: 'SOMETHING_NEW', status: 400 })).toBe('Something went wrong, please try again')
    // A page opened at an address the server does not accept forms from: the server's own words.
    const untrusted = 'This page was opened at http://127.0.0.1:3000, an address … Open it at http://localhost:3000.'
    expect(authErrorMessage(t, { code: 'UNTRUSTED_ORIGIN', status: 403, message: untrusted })).toBe(untrusted)
    expect(authErrorMessage(t, null)).toBe('Something went wrong, please try again')
  })

  it('speaks the active language', async () => {
    const fr = createI18n('fr', await loadMessages('fr'))
    const english = authErrorMessage(t, { code: 'INVALID_OTP' })
    const french = authErrorMessage(fr.t.bind(fr), { code: 'INVALID_OTP' })
    expect(french).not.toBe(english)
    expect(french).not.toMatch(/errors\./)
  })
})

describe('the error catalogue (docs/product.md#errors)', async () => {
  const { AUTH_ERROR_CODES, toAuthErrorCode, permissionMessage } = await import('./auth-errors')
  const { LANGUAGES } = await import('@/lib/i18n/config')
  const i18n = createI18n('en', await loadMessages('en'))
  const t = i18n.t.bind(i18n)
  const SPEC_CODES = [
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
    'BANNED_USER',
    'MISSING_RESPONSE',
    'SERVICE_UNAVAILABLE',
    'VERIFICATION_FAILED',
    'UNKNOWN_ERROR',
  ]

  it('holds every code of docs/product.md#errors, every admin refusal and the organization codes of better-auth', async () => {
    const { ADMIN_ERROR_CODES } = await import('better-auth/client/plugins')
    const codes: readonly string[] = AUTH_ERROR_CODES
    for (const code of SPEC_CODES) expect(codes).toContain(code)
    const adminRefusals = Object.keys(ADMIN_ERROR_CODES).filter(
      (code) => code.startsWith('YOU_ARE_NOT_ALLOWED_TO_') || code === 'YOU_CANNOT_BAN_YOURSELF',
    )
    expect(adminRefusals.length).toBeGreaterThan(10)
    for (const code of adminRefusals) expect(codes).toContain(code)
    for (const code of [
      'ORGANIZATION_NOT_FOUND',
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
      'UNABLE_TO_REMOVE_LAST_TEAM',
    ]) {
      expect(codes).toContain(code)
    }
  })

  it('has a message for every code in every language', async () => {
    for (const { key } of LANGUAGES) {
      const messages = (await import(`@/locales/${key}/auth.json`)).default as { errors: Record<string, string> }
      expect(Object.keys(messages.errors).sort(), key).toEqual([...AUTH_ERROR_CODES].sort())
      for (const code of AUTH_ERROR_CODES) expect(messages.errors[code], `${key} ${code}`).toBeTruthy()
    }
  })

  it("says the product's words for a session that is not fresh", () => {
    expect(authErrorMessage(t, { code: 'SESSION_EXPIRED' })).toBe(
      'Session expired. Re-authenticate to perform this action.',
    )
    expect(toAuthErrorCode('SESSION_NOT_FRESH')).toBe('SESSION_EXPIRED')
    expect(authErrorMessage(t, { code: 'YOU_CANNOT_BAN_YOURSELF' })).toBe('You cannot ban yourself')
    expect(authErrorMessage(t, { code: 'EMAIL_ALREADY_USED' })).toBe('Email already used')
    expect(authErrorMessage(t, { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe('Email already used')
  })

  it('translates the permission messages of the access control, with the resource', () => {
    expect(authErrorMessage(t, { message: 'You are not allowed to access resource: book' })).toBe(
      'You are not allowed to access resource: book',
    )
    expect(permissionMessage(t, 'unauthorized to access resource "user"')).toBe(
      'unauthorized to access resource "user"',
    )
    expect(permissionMessage(t, 'Not authorized')).toBe('Not authorized')
    expect(permissionMessage(t, 'Invalid access control request')).toBe('Invalid access control request')
    expect(permissionMessage(t, 'something else')).toBeUndefined()
  })
})
