import type { AuthCallError } from './auth-client'
import { fetchWithProof } from './proof-fetch'

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

const authFetch = fetchWithProof((input, init) => fetch(input, init))

/**
 * A JSON call of /api/auth, settled as `{ data }` or `{ error }` like the auth
 * client's, without loading it: the login page offers passkeys from its
 * first paint (autofill), and the auth client stays out of its weight.
 */
async function authJson<T>(path: string, body?: unknown): Promise<Settled<T>> {
  try {
    const response = await authFetch(`/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json().catch(() => null)) as (AuthCallError & T) | null
    if (!response.ok) return { error: { ...json, status: response.status } }
    return { data: json as T }
  } catch (cause) {
    return { error: (cause ?? {}) as AuthCallError }
  }
}

/**
 * A passkey ceremony: the server's options, the browser's answer (WebAuthn,
 * whose client code loads here, with the first passkey used), the server's
 * verdict. Every failure is settled as `{ error }`.
 */
async function ceremony<T>(
  begin: string,
  ask: (browser: typeof import('@simplewebauthn/browser'), options: never) => Promise<unknown>,
  finish: string,
  body: Record<string, unknown> = {},
): Promise<Settled<T>> {
  const options = await authJson<never>(begin)
  if (options.error) return options
  let response: unknown
  try {
    response = await ask(await import('@simplewebauthn/browser'), options.data)
  } catch (cause) {
    return { error: browserError(cause) }
  }
  return authJson<T>(finish, { ...body, response })
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
  const credential = globalThis.PublicKeyCredential as
    { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined
  return (await credential?.isConditionalMediationAvailable?.()) ?? false
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
