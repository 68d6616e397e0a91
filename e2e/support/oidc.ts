// Drives e2e/support/oidc-server.ts from Playwright tests.
import type { OidcIdentity } from './oidc-server'

export const OIDC_NAME = 'Test OpenID'
const oidcIssuer = () => process.env.OIDC_MOCK_URL ?? 'http://localhost:3290'

async function post(path: string, body: unknown) {
  const res = await fetch(`${oidcIssuer()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`OIDC server answered ${res.status} to ${path}`)
}

/** The next sign-ins at the provider are this person. */
export function setOidcIdentity(identity: OidcIdentity) {
  return post('/test/identity', identity)
}

/** The provider refuses the next authorization with `error` (as when the user clicks "deny"). */
export function denyNextOidcSignIn(error = 'access_denied') {
  return post('/test/deny', { error })
}

/** A person the provider knows, with a fresh address (never an account of an earlier run). */
export function newOidcIdentity(prefix = 'oidc'): OidcIdentity {
  const id = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  return { sub: id, email: `${id}@example.com`, name: `Person ${id.slice(-6)}` }
}
