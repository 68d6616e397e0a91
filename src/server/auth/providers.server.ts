import type { SignInOptions, SocialProvider } from '@/lib/auth/sign-in-options'
import type { Env } from '@/lib/env.server'

/** The provider id of the generic OpenID Connect provider (callback: /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = 'oidc'

/**
 * Login only (no account is created on sign-in) unless AUTH_SIGNUP allows
 * sign-up; demo mode always forces login only.
 */
export function isLoginOnly(config: Env) {
  return config.DEMO_MODE || !config.AUTH_SIGNUP
}

/** The social providers configured by the environment, in the order of their buttons. */
export function configuredProviders(config: Env): SocialProvider[] {
  const providers: SocialProvider[] = []
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) providers.push({ id: 'github', name: 'GitHub' })
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID) providers.push({ id: OIDC_PROVIDER_ID, name: config.OIDC_NAME })
  return providers
}

/**
 * What the login page offers: sign-up or not, and a button per provider.
 * None in demo mode, where the server refuses social sign-in (it would create
 * accounts and sessions through the OAuth callback) and passkeys.
 */
export function signInOptions(config: Env): SignInOptions {
  return {
    signUp: !isLoginOnly(config),
    providers: config.DEMO_MODE ? [] : configuredProviders(config),
    passkeys: !config.DEMO_MODE,
  }
}

/** The OpenID Connect discovery document of an issuer (RFC 8414 / OIDC Discovery). */
export function discoveryUrl(issuer: string) {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
}
