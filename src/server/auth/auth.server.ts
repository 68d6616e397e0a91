import { betterAuth } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, emailOTP } from 'better-auth/plugins'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { env, type Env } from '@/lib/env.server'
import { SIGNUP_DISABLED_CODE } from '@/features/auth/auth-errors'
import { ac, roles } from '@/features/auth/permissions'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Database } from '@/server/db/index.server'
import { getDb } from '@/server/db/index.server'
import * as schema from '@/server/db/schema'
import { sendLoginCode } from '@/server/email/mailer.server'
import { logger } from '@/server/logger.server'
import { auditTrail } from './audit-hooks.server'
import { isDemoAccount } from './demo-policy.server'

/** Constants of the e-mail code sign-in (spec sections 3 and 9). */
export const OTP_LENGTH = 6
export const OTP_EXPIRES_IN_SECONDS = 5 * 60
export const OTP_ALLOWED_ATTEMPTS = 3
/** The header our own server sets from the socket address (see the auth route). */
export const CLIENT_IP_HEADER = 'x-start-client-ip'
/** Where the auth routes are served (src/routes/api/auth/$.ts). */
export const AUTH_BASE_PATH = '/api/auth'

// A fixed secret is only acceptable where nothing real is protected; env
// validation refuses production without AUTH_SECRET.
const DEVELOPMENT_SECRET = 'development-secret-not-for-production-use-0000'

export function createAuth(db: Database, config: Env) {
  const demoMode = config.DEMO_MODE
  // Login only (no sign-up by code): forced by demo mode (issue 4 may make it configurable).
  const loginOnly = demoMode
  const auth = betterAuth({
    appName: 'Start Books',
    baseURL: config.BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET ?? DEVELOPMENT_SECRET,
    trustedOrigins: [config.BASE_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { ...schema, rateLimit: schema.rateLimit },
    }),
    user: {
      additionalFields: {
        onboardedAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      // Sessions live in the database only: a revoked session stops working
      // at once on every instance (no signed cookie cache).
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: config.RATE_LIMIT,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: loginOnly
      ? {
          // Login only: an unknown address gets no code but a clear answer,
          // which the login page turns into /login/error?error=signup_disabled.
          before: createAuthMiddleware(async (ctx) => {
            if (ctx.path !== '/email-otp/send-verification-otp') return
            const body = (ctx.body ?? {}) as { email?: unknown; type?: unknown }
            if (body.type !== 'sign-in' || typeof body.email !== 'string') return
            const found = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase())
            if (!found) {
              throw new APIError('FORBIDDEN', {
                code: SIGNUP_DISABLED_CODE,
                message: 'You need an account to sign in',
              })
            }
          }),
        }
      : undefined,
    databaseHooks: demoMode
      ? {
          // Demo mode: no account is ever created, whatever the route.
          user: { create: { before: async () => false } },
        }
      : undefined,
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_IN_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        // Hashed; encrypted in demo mode only, so that the demo hint can show
        // the demo accounts' pending code (docs/decisions/005-demo-mode.md).
        storeOTP: demoMode ? 'encrypted' : 'hashed',
        disableSignUp: loginOnly,
        rateLimit: { window: 60, max: 5 },
        async sendVerificationOTP({ email, otp }, ctx) {
          if (demoMode && isDemoAccount(email)) {
            // Shown on the verify page instead: never mail the public demo addresses.
            logger.info({ to: email }, 'demo account: code shown in the demo hint, not e-mailed')
            return
          }
          await sendLoginCode({
            email,
            code: otp,
            language: languageFromHeaders(ctx?.request?.headers),
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
      // Records every admin action in the audit trail (src/server/auth/audit-hooks.server.ts).
      auditTrail(db),
      // Must stay last: copies better-auth's cookies onto Start's response.
      tanstackStartCookies(),
    ],
  })
  // Read by the /api/auth handler, which refuses mutations in demo mode.
  return Object.assign(auth, { demoMode })
}

export type Auth = ReturnType<typeof createAuth>

const key = Symbol.for('start-books.auth')
const holder = globalThis as { [key]?: Promise<Auth> }

/** The process-wide auth instance, built once the database is ready. */
export function getAuth(): Promise<Auth> {
  holder[key] ??= getDb().then((db) => createAuth(db, env()))
  return holder[key]
}
