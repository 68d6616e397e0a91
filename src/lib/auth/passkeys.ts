import type { AuthCallError } from './auth-client'
import { lazyAuthCall } from './lazy-auth-client'

type Settled<T> = { data: T; error?: undefined } | { data?: undefined; error: AuthCallError }

/**
 * A browser's refusal as an auth error code: a dismissed prompt (or an
 * autofill that was abandoned) is AUTH_CANCELLED, an authenticator that already
 * holds a passkey of this account PREVIOUSLY_REGISTERED.
 */
function browserError(cause: unknown): AuthCallError {
  const { name, code } = (cause ?? {}) as { name?: string; code?: string }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return { code: 'AUTH_CANCELLED' }
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return { code: 'PREVIOUSLY_REGISTERED' }
  return { code: 'UNKNOWN_ERROR' }
}

/**
 * A passkey ceremony: the server's options, the browser's answer (WebAuthn,
 * whose client code loads here, with the first passkey used), the server's
 * verdict. Every failure is settled as `{ error }`.
 */
function ceremony<T>(
  begin: string,
  ask: (browser: typeof import('@simplewebauthn/browser'), options: never) => Promise<unknown>,
  finish: string,
  body: Record<string, unknown> = {},
): Promise<Settled<T>> {
  return lazyAuthCall(async (authClient) => {
    const options = await authClient.$fetch<never>(begin, { method: 'GET' })
    if (options.error) return { error: options.error as AuthCallError }
    let response: unknown
    try {
      response = await ask(await import('@simplewebauthn/browser'), options.data as never)
    } catch (cause) {
      return { error: browserError(cause) }
    }
    const verified = await authClient.$fetch<T>(finish, { method: 'POST', body: { ...body, response } })
    if (verified.error) return { error: verified.error as AuthCallError }
    authClient.$store.notify('$sessionSignal')
    return { data: verified.data as T }
  }) as Promise<Settled<T>>
}

/**
 * Signs in with a passkey. `autoFill`: the browser offers the passkeys in
 * the e-mail field's suggestions (conditional mediation) and this settles when
 * one is picked.
 */
export function signInWithPasskey({ autoFill = false } = {}) {
  return ceremony<{ user: { role?: string | null } }>(
    '/passkey/generate-authenticate-options',
    (browser, optionsJSON) => browser.startAuthentication({ optionsJSON, useBrowserAutofill: autoFill }),
    '/passkey/verify-authentication',
  )
}

/** Whether this browser offers passkeys in a field's autofill. */
export async function passkeyAutofillAvailable() {
  const browser = await import('@simplewebauthn/browser')
  return browser.browserSupportsWebAuthnAutofill()
}

/** Adds a passkey to the signed-in account, named `name`. */
export function addPasskey(name: string) {
  return ceremony<{ id: string }>(
    '/passkey/generate-register-options',
    (browser, optionsJSON) => browser.startRegistration({ optionsJSON }),
    '/passkey/verify-registration',
    { name: name || undefined },
  )
}
