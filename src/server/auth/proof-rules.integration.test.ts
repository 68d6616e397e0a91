import { os } from '@orpc/server'
import { betterAuth } from 'better-auth'
import { organization } from 'better-auth/plugins'
import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { proofCheck } from '@/server/api/procedure.server'
import { router } from '@/server/api/router.server'
import { createTestDatabase } from '@/test/database'

import { createAuth } from './auth.server'
import { authEndpointRoutes } from './internals.server'
import {
  AUTH_ROUTE_RULES,
  authRouteRule,
  PROCEDURE_RULES,
  procedurePaths,
  procedureRule,
  unclassifiedRoutes,
} from './proof-rules.server'

/**
 * The proof of presence holds by construction (issue 38): every live route of
 * both doors is classified in proof-rules.server.ts, so that a plugin or a
 * procedure added without a rule fails here instead of slipping through.
 */
describe('the classification of every route', () => {
  it('covers every endpoint of the auth instance, every optional plugin on, and every procedure of the router', async () => {
    const { db } = await createTestDatabase()
    // Every optional door on: GitHub and OpenID Connect add their routes.
    const env = parseEnv({
      NODE_ENV: 'test',
      BASE_URL: 'http://localhost:3000',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'https://issuer.example.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    })
    const paths = authEndpointRoutes(createAuth(db, env).api).map((route) => route.path)
    expect(paths.length).toBeGreaterThan(50)
    expect(unclassifiedRoutes(paths, router)).toEqual([])
    // And no rule for a route that is gone: the list says what is served.
    expect(Object.keys(AUTH_ROUTE_RULES).filter((path) => !paths.includes(path))).toEqual([])
    const procedures = procedurePaths(router)
    expect(Object.keys(PROCEDURE_RULES).filter((path) => !procedures.includes(path))).toEqual([])
  })

  it('is applied to every procedure that is not public (the proof middleware, proofCheck, is in its chain)', () => {
    const procedureAt = (path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], router) as {
        '~orpc': { middlewares: unknown[] }
      }
    const unguarded = procedurePaths(router).filter(
      (path) =>
        procedureRule(path.split('.')).access !== 'public' &&
        !procedureAt(path)['~orpc'].middlewares.includes(proofCheck),
    )
    expect(unguarded).toEqual([])
  })

  it("fails on a plugin's routes or a procedure added unclassified, and guards them meanwhile", () => {
    const withOrganizations = betterAuth({
      baseURL: 'http://localhost:3000',
      secret: 'a-test-secret-of-enough-length-0000000000',
      plugins: [organization()],
    })
    const paths = authEndpointRoutes(withOrganizations.api).map((route) => route.path)
    const wipe = os.route({ method: 'POST', path: '/wipe' }).handler(() => 'wiped')
    const unclassified = unclassifiedRoutes(paths, { ...router, admin: { wipe } })
    expect(unclassified).toContain('/organization/create')
    expect(unclassified).toContain('/organization/delete')
    expect(unclassified).toContain('admin.wipe')
    // At run time, until classified, they need a proof and are refused while impersonating.
    expect(authRouteRule('/organization/delete')).toMatchObject({ access: 'proof', notWhileImpersonating: true })
    expect(procedureRule(['admin', 'wipe'])).toMatchObject({ access: 'proof', notWhileImpersonating: true })
  })

  it('asks the proof for what issue 38 names, at least', () => {
    const proof = (rule: { access: string }) => rule.access === 'proof'
    for (const path of [
      '/admin/update-user',
      '/admin/create-user',
      '/admin/set-role',
      '/admin/ban-user',
      '/admin/revoke-user-session',
      '/admin/revoke-user-sessions',
      '/admin/remove-user',
      '/admin/impersonate-user',
      '/delete-user',
      '/email-otp/request-email-change',
      '/email-otp/change-email',
      '/passkey/generate-register-options',
      '/passkey/verify-registration',
      '/passkey/delete-passkey',
    ])
      expect(proof(authRouteRule(path)), path).toBe(true)
    for (const path of ['user.update', 'user.create', 'user.delete', 'user.setRole', 'user.ban', 'user.removePasskey'])
      expect(proof(procedureRule(path.split('.'))), path).toBe(true)
  })
})
