import type { AuthCallError } from './auth-client'

type AuthClient = (typeof import('./auth-client'))['authClient']

/**
 * A call of the auth client, which is loaded on first use: the pages that only
 * may call it (the login form, the impersonation banner) do not load it with
 * their first paint. Settled as `{ data, error }` like `settleAuthCall`, a
 * failed load of the code included.
 */
export function lazyAuthCall<T extends { error?: unknown }>(
  call: (client: AuthClient) => Promise<T>,
): Promise<T | { data?: undefined; error: AuthCallError }> {
  return import('./auth-client').then(
    ({ authClient, settleAuthCall }) => settleAuthCall(call(authClient)),
    (cause: unknown) => ({ error: (cause ?? {}) as AuthCallError }),
  )
}
