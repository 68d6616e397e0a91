import { SEEDED_ACCOUNTS } from '@/server/db/seed.server'

import type { AuthEndpointRoute } from './internals.server'

/**
 * What /api/auth/* still serves in demo mode. Deny by default: a request goes
 * through only when it matches one of better-auth's endpoints AND that
 * endpoint (template path and method) is listed here as allowed; anything else,
 * unknown paths and methods included, is refused with 403 `DEMO_MODE`.
 */

/** Signing in with an e-mail code and signing out: the only writes a demo allows. */
export const DEMO_ALLOWED_POSTS = ['/email-otp/send-verification-otp', '/sign-in/email-otp', '/sign-out'] as const

/**
 * Reads that better-auth serves as POST. They change nothing (the integration
 * test proves it); refusing them would blank the user manager's sessions list.
 */
export const DEMO_READ_ONLY_POSTS = ['/admin/list-user-sessions', '/admin/has-permission'] as const

/**
 * GET endpoints that change data: given a token from an e-mail or a
 * provider, e-mail verification or change, account deletion, OAuth callbacks
 * (which create users, accounts and sessions); the passkey ceremonies' first
 * steps, which store a challenge (demo mode adds and uses no passkey).
 */
export const DEMO_MUTATING_GETS = [
  '/verify-email',
  '/delete-user/callback',
  '/callback/:id',
  '/passkey/generate-register-options',
  '/passkey/generate-authenticate-options',
] as const

/** Segment by segment, `:name` matching one non-empty segment: how better-auth's router matches. */
function matches(template: string, path: string) {
  const expected = template.split('/')
  const actual = path.split('/')
  return (
    expected.length === actual.length &&
    expected.every((segment, i) => (segment.startsWith(':') ? actual[i] !== '' : segment === actual[i]))
  )
}

/** The template path of the endpoint that serves `method path`, or undefined. */
export function resolveAuthRoute(routes: AuthEndpointRoute[], method: string, path: string) {
  const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()
  // Static segments first, as the router does: `/admin/get-user` before `/admin/:x`.
  const candidates = routes
    .filter((route) => route.methods.includes(upper) || route.methods.includes('*'))
    .filter((route) => matches(route.path, path))
    .sort((a, b) => a.path.split(':').length - b.path.split(':').length)
  return candidates[0]?.path
}

/**
 * The methods better-auth serves at `path`, when it serves it at all but not
 * with `method`: the `Allow` of a 405. Undefined when `method` is served or
 * no endpoint has this path (a 404).
 */
export function unservedMethodAllow(routes: AuthEndpointRoute[], method: string, path: string): string[] | undefined {
  if (resolveAuthRoute(routes, method, path)) return undefined
  const methods = new Set(routes.filter((route) => matches(route.path, path)).flatMap((route) => route.methods))
  return methods.size > 0 && !methods.has('*') ? [...methods] : undefined
}

/** Whether demo mode lets `method path` (relative to /api/auth) through. */
export function isAllowedInDemoMode(routes: AuthEndpointRoute[], method: string, path: string): boolean {
  const template = resolveAuthRoute(routes, method, path)
  if (!template) return false
  const upper = method.toUpperCase()
  if (upper === 'GET' || upper === 'HEAD') {
    return !(DEMO_MUTATING_GETS as readonly string[]).includes(template)
  }
  if (upper !== 'POST') return false
  return ([...DEMO_ALLOWED_POSTS, ...DEMO_READ_ONLY_POSTS] as readonly string[]).includes(template)
}

/** The seeded accounts anyone may sign in to in demo mode (their code is shown on the verify page). */
export const DEMO_ACCOUNT_EMAILS: readonly string[] = SEEDED_ACCOUNTS.map((account) => account.email)

export function isDemoAccount(email: string) {
  return DEMO_ACCOUNT_EMAILS.includes(email.trim().toLowerCase())
}
