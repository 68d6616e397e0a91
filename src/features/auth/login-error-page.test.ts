import { describe, expect, it } from 'vitest'

import { toLoginError } from './login-error-page'

describe('toLoginError', () => {
  it('keeps the three known cases, reads BANNED_USER as banned and falls back to unknown_error', () => {
    expect(toLoginError('signup_disabled')).toBe('signup_disabled')
    expect(toLoginError('access_denied')).toBe('access_denied')
    expect(toLoginError('unknown_error')).toBe('unknown_error')
    expect(toLoginError('BANNED_USER')).toBe('banned')
    for (const other of [
      undefined,
      null,
      '',
      'SIGNUP_DISABLED',
      'banned',
      'something_else',
      'please_restart_the_process',
    ]) {
      expect(toLoginError(other)).toBe('unknown_error')
    }
  })
})
