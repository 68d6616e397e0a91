import type { BetterAuthClientPlugin } from 'better-auth/client'
import { adminClient, emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'
import { ac, roles } from './permissions'

/**
 * Paths after which the session changed, beyond those better-auth's client
 * already signals (sign-out, update-user, delete-user, verify-email, sign-in
 * by code, revoke-*): the confirmed change of e-mail.
 */
const sessionSignals = {
  id: 'start-books-session-signals',
  atomListeners: [{ matcher: (path: string) => path === '/email-otp/change-email', signal: '$sessionSignal' }],
} satisfies BetterAuthClientPlugin

/** The browser's client of the auth service at /api/auth (same origin). */
export const authClient = createAuthClient({
  plugins: [emailOTPClient(), adminClient({ ac, roles }), sessionSignals],
})

/**
 * Tells every open view that the session or its user changed (after a server
 * function that better-auth's client does not see, e.g. onboarding).
 */
export function notifySessionChanged() {
  authClient.$store.notify('$sessionSignal')
}

/** What a failed request of the auth client carries (a code from the server, or a network error's message). */
export interface AuthCallError {
  code?: string
  status?: number
  message?: string
  /** Seconds to wait, on a refusal of the sign-in limits (429). */
  retryAfter?: number
}

/**
 * A call of the auth client, always settled as `{ data, error }`: better-auth
 * answers the server's refusals that way, but a request that never reached
 * the server (offline, aborted) throws; that becomes an `error` too, so every
 * caller reports both the same way.
 */
export function settleAuthCall<T extends { error?: unknown }>(call: Promise<T>): Promise<T | { data?: undefined; error: AuthCallError }> {
  return call.catch((cause: unknown) => ({ error: (cause ?? {}) as AuthCallError }))
}
