import { passkey } from '@better-auth/passkey'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { admin, emailOTP, genericOAuth, openAPI } from 'better-auth/plugins'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { eq } from 'drizzle-orm'

import { SIGNUP_DISABLED_CODE } from '@/lib/auth/auth-errors'
import { OTP_EXPIRES_MINUTES, OTP_LENGTH } from '@/lib/auth/otp'
import { ac, roles } from '@/lib/auth/permissions'
import { type Env, env } from '@/lib/env.server'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Database } from '@/server/db/index.server'
import { getDb } from '@/server/db/index.server'
import * as schema from '@/server/db/schema'
import { reportDatabaseError } from '@/server/db/unavailable.server'
import { sendLoginCode } from '@/server/email/mailer.server'
import { CLIENT_ADDRESS_HEADER } from '@/server/http/client-address.server'
import { AUTH_COOKIE_PREFIX } from '@/server/http/cookies.server'
import { deletePicturesOf } from '@/server/pictures/storage.server'
import { logger } from '@/server/platform/logger.server'
import { processWide } from '@/server/platform/process-wide.server'

import { accountHooks, refuseBannedSend } from './account-hooks.server'
import { auditTrail } from './audit-hooks.server'
import { refuseBannedSessions } from './bans.server'
import { budgetHooks } from './budget-hooks.server'
import { budgetStore, type Clock } from './budgets.server'
import { DEMO_SESSION_SECONDS, demoSendRule, maskOtherSessions } from './demo-hooks.server'
import { isDemoAccount } from './demo-policy.server'
import { withFirstAdminRole } from './first-admin.server'
import { noticeHooks } from './notice-hooks.server'
import { passkeyHooks } from './passkey-hooks.server'
import { proofHooks } from './proof.server'
import { discoveryUrl, isLoginOnly, OIDC_PROVIDER_ID } from './providers.server'
import { userFieldRules, withProviderFieldsChecked } from './user-fields.server'

/** Wrong tries allowed per e-mail code. */
export const OTP_ALLOWED_ATTEMPTS = 3
/** The header the request pipeline sets to the resolved client address (src/server/http/client-address.server.ts). */
export const CLIENT_IP_HEADER = CLIENT_ADDRESS_HEADER
/** Where the auth routes are served (src/routes/api/auth/$.ts). */
export const AUTH_BASE_PATH = '/api/auth'
// A fixed secret is only acceptable where nothing real is protected; env
// validation refuses production without AUTH_SECRET.
const DEVELOPMENT_SECRET = 'development-secret-not-for-production-use-0000'

export interface AuthOptions {
  /** The clock of the sign-in budgets and of the proof of presence (tests move it instead of waiting). */
  clock?: Clock
}

export function createAuth(db: Database, config: Env, { clock }: AuthOptions = {}) {
  const demoMode = config.DEMO_MODE
  // The sign-in budgets (RATE_LIMIT=false turns them off, e.g. for the e2e apps).
  const budgets = config.RATE_LIMIT ? budgetHooks(budgetStore(db, clock), CLIENT_IP_HEADER, db) : undefined
  // The proof of presence before the routes that need it (proof.server.ts, proof-rules.server.ts).
  const proof = proofHooks(
    db,
    { windowSeconds: config.PROOF_WINDOW_SECONDS, maxAgeSeconds: config.PROOF_MAX_AGE_SECONDS },
    clock,
  )
  // The public demo addresses are never mailed (the demo hint shows their codes instead).
  const quiet = (email: string) => demoMode && isDemoAccount(email)
  // Passkeys added and removed: the audit trail and a notice by e-mail.
  const passkeys = passkeyHooks(db, quiet)
  // The other security notices: a new device, an e-mail changed, a ban (src/server/email/README.md).
  const notices = noticeHooks(db, quiet)
  // Login only: no account is created by a code or a provider (AUTH_SIGNUP=false, or demo mode).
  const loginOnly = isLoginOnly(config)
  const auth = betterAuth({
    appName: 'Start Books',
    baseURL: config.BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET ?? DEVELOPMENT_SECRET,
    // The pages allowed to send state-changing requests, as the request pipeline's cross-site step.
    trustedOrigins: [config.BASE_URL, ...config.TRUSTED_ORIGINS],
    // Its log lines as ours (JSON, one per line); a database error it swallows is reported, so the
    // request is still answered 503 (handler.server.ts).
    logger: {
      log(level, message, ...args) {
        for (const arg of args) reportDatabaseError(arg)
        const err = args.find((arg) => arg instanceof Error)
        logger[level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info']({ err }, `better-auth: ${message}`)
      },
    },
    // Failures it does not handle reach our handler (handler.server.ts), which answers them as the app API does.
    onAPIError: { throw: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema,
    }),
    user: {
      additionalFields: {
        onboardedAt: { type: 'date', required: false, input: false },
        // Set by the avatar upload (src/features/pictures), never by a route of the auth service.
        avatar: { type: 'string', required: false, input: false },
      },
      // One's own account, from the account page (fresh session required).
      deleteUser: { enabled: true },
    },
    session: {
      // Sessions live in the database only: a revoked session stops working
      // at once on every instance (no signed cookie cache).
      cookieCache: { enabled: false },
      // Off: the proof of presence (proof.server.ts) guards deleting the account, changing
      // the e-mail and the sign-in methods, with its own window; a second clock would cut it short.
      freshAge: 0,
      // Demo mode: everyone signs in to the same accounts; their sessions end
      // an hour after sign-in, so the sessions list stays small.
      ...(demoMode ? { expiresIn: DEMO_SESSION_SECONDS, disableSessionRefresh: true } : {}),
    },
    socialProviders:
      config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET
        ? {
            github: {
              clientId: config.GITHUB_CLIENT_ID,
              clientSecret: config.GITHUB_CLIENT_SECRET,
              disableSignUp: loginOnly,
            },
          }
        : undefined,
    // better-auth's own limiter restarts its window at every request and
    // counts reads: replaced by the sign-in budgets (budget-hooks.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      // Spelled out: the page cache's verdict "no session here" looks for it (cookies.server.ts).
      cookiePrefix: AUTH_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (demoMode) demoSendRule(ctx)
        // Counted first, so that no answer below can be probed without limit.
        await budgets?.before(ctx)
        await refuseBannedSend(ctx)
        await proof.before(ctx)
        await passkeys.before(ctx)
        await notices.before(ctx)
        // Login only: an unknown address gets no code but a clear answer,
        // which the login page turns into /login/error?error=signup_disabled.
        if (loginOnly && ctx.path === '/email-otp/send-verification-otp') {
          const body = (ctx.body ?? {}) as { email?: unknown; type?: unknown }
          if (body.type !== 'sign-in' || typeof body.email !== 'string') return
          const found = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase())
          if (!found) {
            throw new APIError('FORBIDDEN', {
              code: SIGNUP_DISABLED_CODE,
              message: 'You need an account to sign in',
            })
          }
          return
        }
        return (await accountHooks(ctx)) ?? userFieldRules(ctx)
      }),
      after: createAuthMiddleware(async (ctx) => {
        await budgets?.after(ctx)
        await proof.after(ctx)
        await passkeys.after(ctx)
        await notices.after(ctx)
        if (demoMode) return maskOtherSessions(ctx)
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Demo mode: no account is ever created, whatever the route. Else the
          // field rules hold for a provider's profile too (user-fields.server.ts),
          // and ADMIN_EMAIL's account is the first administrator (first-admin.server.ts).
          before: async (account) =>
            demoMode ? false : { data: withFirstAdminRole(withProviderFieldsChecked(account), config.ADMIN_EMAIL) },
        },
        // Whoever deletes an account (the person, an admin), its pictures go with it.
        delete: { after: (account) => deletePicturesOf(config, 'avatars', account.id) },
      },
      // Every way of signing in opens a session: the language is kept, a new device is told.
      session: { create: { after: (session, ctx) => notices.sessionCreated(session, ctx) } },
    },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_MINUTES * 60,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        // Hashed; encrypted in demo mode only, so that the demo hint can show
        // the demo accounts' pending code (docs/decisions/005-demo-mode.md).
        storeOTP: demoMode ? 'encrypted' : 'hashed',
        disableSignUp: loginOnly,
        // The account page's change of e-mail: a code sent to the new address.
        changeEmail: { enabled: true },
        async sendVerificationOTP({ email, otp, type }, ctx) {
          if (demoMode && isDemoAccount(email)) {
            // Shown on the verify page instead: never mail the public demo addresses.
            logger.info({ to: email }, 'demo account: code shown in the demo hint, not e-mailed')
            return
          }
          await sendLoginCode({
            db,
            email,
            code: otp,
            language: languageFromHeaders(ctx?.request?.headers),
            purpose: type === 'change-email' ? 'changeEmail' : 'signIn',
          })
        },
      }),
      admin({
        ac,
        roles,
        defaultRole: 'user',
        adminRoles: ['admin'],
        impersonationSessionDuration: 60 * 60,
      }),
      // Passkeys: added from the account page by a signed-in person only (no sign-up by passkey).
      // The relying party is BASE_URL's host and origin, so every instance behind a proxy agrees.
      passkey({
        rpName: 'Start Books',
        rpID: new URL(config.BASE_URL).hostname,
        origin: new URL(config.BASE_URL).origin,
        registration: { requireSession: true },
        authentication: {
          async afterVerification({ clientData }) {
            await db
              .update(schema.passkey)
              .set({ lastUsedAt: new Date() })
              .where(eq(schema.passkey.credentialID, clientData.id))
          },
        },
      }),
      // Records every admin action in the audit trail (src/server/auth/audit-hooks.server.ts).
      auditTrail(db),
      ...(config.OIDC_ISSUER && config.OIDC_CLIENT_ID
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.OIDC_NAME,
                  discoveryUrl: discoveryUrl(config.OIDC_ISSUER),
                  clientId: config.OIDC_CLIENT_ID,
                  clientSecret: config.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  disableSignUp: loginOnly,
                  // Signing out of this app does not sign the user out of their provider.
                  disableProviderLogout: true,
                },
              ],
            }),
          ]
        : []),
      // The auth API's OpenAPI document (GET /api/auth/open-api/generate-schema),
      // shown by our own API reference page (/api/docs); no CDN-loaded page.
      openAPI({ disableDefaultReference: true }),
      // Must stay last: copies better-auth's cookies onto Start's response.
      tanstackStartCookies(),
    ],
  })
  // Any writer's ban (a script, psql) refuses the person's open sessions at their next request (bans.server.ts).
  refuseBannedSessions(auth)
  // Read by the /api/auth handler, which refuses mutations in demo mode and
  // answers a plain session check from the database itself (one query).
  return Object.assign(auth, { demoMode, db })
}

export type Auth = ReturnType<typeof createAuth>

/** The process-wide auth instance, built once the database is ready. */
export function getAuth(): Promise<Auth> {
  return processWide('auth', () => getDb().then((db) => createAuth(db, env())))
}
