import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, emailOTP } from 'better-auth/plugins'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { env, type Env } from '@/lib/env.server'
import { ac, roles } from '@/features/auth/permissions'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Database } from '@/server/db/index.server'
import { getDb } from '@/server/db/index.server'
import * as schema from '@/server/db/schema'
import { sendLoginCode } from '@/server/email/mailer.server'

/** Constants of the e-mail code sign-in (spec sections 3 and 9). */
export const OTP_LENGTH = 6
export const OTP_EXPIRES_IN_SECONDS = 5 * 60
export const OTP_ALLOWED_ATTEMPTS = 3
/** The header our own server sets from the socket address (see the auth route). */
export const CLIENT_IP_HEADER = 'x-start-client-ip'

// A fixed secret is only acceptable where nothing real is protected; env
// validation refuses production without AUTH_SECRET.
const DEVELOPMENT_SECRET = 'development-secret-not-for-production-use-0000'

export function createAuth(db: Database, config: Env) {
  return betterAuth({
    appName: 'Start Books',
    baseURL: config.BASE_URL,
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
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_IN_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        storeOTP: 'hashed',
        rateLimit: { window: 60, max: 5 },
        async sendVerificationOTP({ email, otp }, ctx) {
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
      // Must stay last: copies better-auth's cookies onto Start's response.
      tanstackStartCookies(),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

const key = Symbol.for('start-books.auth')
const holder = globalThis as { [key]?: Promise<Auth> }

/** The process-wide auth instance, built once the database is ready. */
export function getAuth(): Promise<Auth> {
  holder[key] ??= getDb().then((db) => createAuth(db, env()))
  return holder[key]
}
