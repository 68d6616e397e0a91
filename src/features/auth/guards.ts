import { type ParsedLocation, redirect } from '@tanstack/react-router'

import { roleCan } from '@/lib/auth/role-matrix'
import { FORBIDDEN_ERROR, SessionUnavailableError, type SessionUser } from '@/lib/auth/session'

interface GuardInput {
  context: { session: SessionUser | null; sessionUnavailable?: boolean }
  location: ParsedLocation
}

/**
 * Runs in beforeLoad, so on the server for the first request: a signed-out
 * visitor is redirected before any HTML of the page is sent.
 */
export function requireOnboardedUser({ context, location }: GuardInput): SessionUser {
  if (context.sessionUnavailable) throw new SessionUnavailableError()
  if (!context.session) {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
  if (!context.session.onboardedAt) {
    throw redirect({ to: '/onboarding', search: { redirect: location.href } })
  }
  return context.session
}

/** The manager area: the `apps: manager` permission of the matrix. */
export function requireManagerAccess(input: GuardInput): SessionUser {
  const user = requireOnboardedUser(input)
  if (!roleCan(user.role, { apps: ['manager'] })) throw new Error(FORBIDDEN_ERROR)
  return user
}
