import { describe, expect, it } from 'vitest'

import { isAllowedInDemoMode, isDemoAccount, resolveAuthRoute, unservedMethodAllow } from './demo-policy.server'
import type { AuthEndpointRoute } from './internals.server'

const routes: AuthEndpointRoute[] = [
  { path: '/get-session', methods: ['GET', 'POST'] },
  { path: '/sign-out', methods: ['POST'] },
  { path: '/sign-in/email-otp', methods: ['POST'] },
  { path: '/email-otp/send-verification-otp', methods: ['POST'] },
  { path: '/update-user', methods: ['POST'] },
  { path: '/verify-email', methods: ['GET'] },
  { path: '/callback/:id', methods: ['GET', 'POST'] },
  { path: '/admin/list-users', methods: ['GET'] },
  { path: '/admin/list-user-sessions', methods: ['POST'] },
  { path: '/reset-password/:token', methods: ['GET'] },
]

describe('isAllowedInDemoMode', () => {
  it('lets sign-in, sign-out and reads through', () => {
    expect(isAllowedInDemoMode(routes, 'POST', '/email-otp/send-verification-otp')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'POST', '/sign-in/email-otp')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'POST', '/sign-out')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'GET', '/get-session')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'HEAD', '/get-session')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'GET', '/admin/list-users')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'GET', '/reset-password/abc')).toBe(true)
    expect(isAllowedInDemoMode(routes, 'POST', '/admin/list-user-sessions')).toBe(true)
  })

  it('refuses everything else, unknown paths and methods included', () => {
    expect(isAllowedInDemoMode(routes, 'POST', '/update-user')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'POST', '/get-session')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'GET', '/verify-email')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'GET', '/callback/github')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'POST', '/callback/github')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'PUT', '/sign-out')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'DELETE', '/sign-out')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'POST', '/sign-out/')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'POST', '/Sign-Out')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'POST', '')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'GET', '/nothing-here')).toBe(false)
    expect(isAllowedInDemoMode(routes, 'GET', '/callback/')).toBe(false)
  })

  it('resolves parameters segment by segment', () => {
    expect(resolveAuthRoute(routes, 'GET', '/callback/github')).toBe('/callback/:id')
    expect(resolveAuthRoute(routes, 'GET', '/callback/github/more')).toBeUndefined()
  })
})

describe('isDemoAccount', () => {
  it('is the two seeded accounts, whatever the case', () => {
    expect(isDemoAccount('admin@admin.com')).toBe(true)
    expect(isDemoAccount(' User@User.com ')).toBe(true)
    expect(isDemoAccount('amina.ali@example.com')).toBe(false)
  })
})

describe('unservedMethodAllow', () => {
  it('gives the methods of an endpoint asked with another one (405), nothing for a served method or an unknown path', () => {
    expect(unservedMethodAllow(routes, 'GET', '/sign-out')).toEqual(['POST'])
    expect(unservedMethodAllow(routes, 'POST', '/admin/list-users')).toEqual(['GET'])
    expect(unservedMethodAllow(routes, 'PUT', '/callback/github')).toEqual(['GET', 'POST'])
    expect(unservedMethodAllow(routes, 'POST', '/sign-out')).toBeUndefined()
    expect(unservedMethodAllow(routes, 'HEAD', '/verify-email')).toBeUndefined()
    expect(unservedMethodAllow(routes, 'GET', '/no-such-endpoint')).toBeUndefined()
  })
})
