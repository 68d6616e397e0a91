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

  it('falls back to a generic message for unknown or missing errors', () => {
    expect(authErrorMessage(t, { code: 'SOMETHING_NEW', status: 400 })).toBe('Something went wrong, please try again')
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
