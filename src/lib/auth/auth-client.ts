import type { BetterAuthClientPlugin } from 'better-auth/client'
import { adminClient, emailOTPClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'

import { ac, roles } from './permissions'
import { fetchWithProof } from './proof-fetch'
import { sessionChanged } from './session-signal'

/**
 * Paths after which the session changed, beyond those better-auth's client
 * already signals (sign-out, update-user, delete-user, verify-email, sign-in
 * by code, revoke-*): the confirmed change of e-mail.
 */
const sessionSignals = {
  id: 'start-books-session-signals',
  atomListeners: [{ matcher: (path: string) => path === '/email-otp/change-email', signal: '$sessionSignal' }],
} satisfies BetterAuthClientPlugin

/** Failed auth-service calls (docs/product.md#auth-calls): retried linearly, 1000 ms apart, a bounded number of times. */
export const AUTH_RETRY = { retries: 3, delayMs: 1000 } as const

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * `fetch` that retries what may pass a moment later: a request that never
 * reached the server (a network blip) or a server failure (5xx). An answer
 * about the request itself (4xx: wrong code, rate limit, refused) is final,
 * and an aborted request is not retried.
 */
export function retryingFetch(fetchImpl: Fetch = (input, init) => fetch(input, init), sleep = wait): Fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= AUTH_RETRY.retries
      try {
        const response = await fetchImpl(input instanceof Request ? input.clone() : input, init)
        if (response.status < 500 || last) return response
      } catch (error) {
        if (last || init?.signal?.aborted) throw error
      }
      await sleep(AUTH_RETRY.delayMs)
    }
  }
}

/** The browser's client of the auth service at /api/auth (same origin). */
export const authClient = createAuthClient({
  // A refusal for want of a recent sign-in asks for the proof, then is sent again (proof-store.ts).
  fetchOptions: { customFetchImpl: fetchWithProof(retryingFetch()) },
  plugins: [emailOTPClient(), adminClient({ ac, roles }), sessionSignals],
})
authClient.$store.atoms.$sessionSignal!.listen(sessionChanged)

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
export function settleAuthCall<T extends { error?: unknown }>(
  call: Promise<T>,
): Promise<T | { data?: undefined; error: AuthCallError }> {
  return call.catch((cause: unknown) => ({ error: (cause ?? {}) as AuthCallError }))
}

/**
 * A call of the auth client as a mutation's `mutationFn`: its data, or its
 * error thrown, to be reported like any failed mutation (MutationFeedback).
 */
export async function authCall<T extends { data?: unknown; error?: unknown }>(call: Promise<T>) {
  const result = await settleAuthCall(call)
  if (result.error) throw result.error
  return result.data as Exclude<T['data'], null | undefined>
}
