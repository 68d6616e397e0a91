import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'

import { configuredProviders, discoveryUrl, isLoginOnly, signInOptions } from './providers.server'

const GITHUB = { GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' }
const OIDC = { OIDC_ISSUER: 'https://id.example.com/realms/books', OIDC_CLIENT_ID: 'books', OIDC_CLIENT_SECRET: 's' }

describe('sign-in options', () => {
  it('offers no provider when none is configured', () => {
    expect(signInOptions(parseEnv({}))).toEqual({ signUp: true, providers: [], passkeys: true })
  })

  it('offers a button per configured provider, OIDC under its display name', () => {
    expect(configuredProviders(parseEnv({ ...GITHUB, ...OIDC, OIDC_NAME: 'Keycloak' }))).toEqual([
      { id: 'github', name: 'GitHub' },
      { id: 'oidc', name: 'Keycloak' },
    ])
    expect(configuredProviders(parseEnv(OIDC))).toEqual([{ id: 'oidc', name: 'OpenID Connect' }])
  })

  it('is login only with AUTH_SIGNUP=false, and always in demo mode (where no provider is offered)', () => {
    expect(isLoginOnly(parseEnv({ AUTH_SIGNUP: 'false' }))).toBe(true)
    expect(isLoginOnly(parseEnv({ AUTH_SIGNUP: 'true' }))).toBe(false)
    expect(signInOptions(parseEnv({ DEMO_MODE: 'true', AUTH_SIGNUP: 'true', ...GITHUB }))).toEqual({
      signUp: false,
      providers: [],
      passkeys: false,
    })
  })

  it('finds the discovery document under the issuer', () => {
    expect(discoveryUrl('https://id.example.com/realms/books/')).toBe(
      'https://id.example.com/realms/books/.well-known/openid-configuration',
    )
  })
})
