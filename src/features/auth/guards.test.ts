import { isRedirect, type ParsedLocation } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'

import { errorType } from '@/components/layout/error-type'
import { FORBIDDEN_ERROR, SessionUnavailableError, type SessionUser } from '@/lib/auth/session'

import { requireManagerAccess, requireOnboardedUser } from './guards'

const location = { href: '/app/books?x=1' } as ParsedLocation
const user: SessionUser = {
  id: 'u1',
  name: 'User',
  email: 'user@user.com',
  emailVerified: true,
  image: null,
  avatar: null,
  role: 'user',
  onboardedAt: '2026-01-01T00:00:00.000Z',
  impersonatedBy: null,
}

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected the guard to throw')
}

describe('requireOnboardedUser', () => {
  it('sends a signed-out visitor to /login with the page to come back to', () => {
    const error = thrown(() => requireOnboardedUser({ context: { session: null }, location }))
    expect(isRedirect(error)).toBe(true)
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/login',
      search: { redirect: '/app/books?x=1' },
    })
  })

  it('sends a user without a name to onboarding first', () => {
    const error = thrown(() => requireOnboardedUser({ context: { session: { ...user, onboardedAt: null } }, location }))
    expect((error as { options: unknown }).options).toMatchObject({ to: '/onboarding' })
  })

  it('lets an onboarded user in', () => {
    expect(requireOnboardedUser({ context: { session: user }, location })).toBe(user)
  })

  it("shows the area's error screen (503), not the sign-in page, when the session could not be read", () => {
    const error = thrown(() => requireOnboardedUser({ context: { session: null, sessionUnavailable: true }, location }))
    expect(error).toBeInstanceOf(SessionUnavailableError)
    expect(errorType(error)).toBe('503')
  })
})

describe('requireManagerAccess', () => {
  it('refuses a user with the 403 error and lets an admin in', () => {
    const error = thrown(() => requireManagerAccess({ context: { session: user }, location }))
    expect((error as Error).message).toBe(FORBIDDEN_ERROR)
    const admin = { ...user, role: 'admin' }
    expect(requireManagerAccess({ context: { session: admin }, location })).toBe(admin)
  })
})
