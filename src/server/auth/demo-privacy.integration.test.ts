import { createRouterClient } from '@orpc/server'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import { readDemoHint } from '@/server/auth/demo-hint.server'
import type { Database } from '@/server/db/index.server'
import { session, user, verification } from '@/server/db/schema'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { sessionCookie } from '@/test/auth-requests'
import { createTestDatabase } from '@/test/database'

import { type Auth, createAuth } from './auth.server'
import { DEMO_SESSION_SECONDS } from './demo-hooks.server'
import { handleAuthRequest } from './handler.server'

/**
 * Demo mode: the demo admin's code is public, so any visitor may sign in as
 * admin. Only sign-in codes can be requested, no visitor sees another's
 * address or device, and sessions end an hour after sign-in.
 */
const BASE_URL = 'http://localhost:3000'
const ADMIN = 'admin@admin.com'
const VISITOR_A = {
  ip: '198.51.100.10',
  agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
}
const VISITOR_B = {
  ip: '203.0.113.99',
  agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
}

let db: Database
let auth: Auth
const env = parseEnv({ NODE_ENV: 'test', BASE_URL, DEMO_MODE: 'true', RATE_LIMIT: 'true' })

beforeAll(async () => {
  db = (await createTestDatabase()).db
  auth = createAuth(db, env)
})

function call(path: string, visitor: typeof VISITOR_A, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  return handleAuthRequest(
    auth,
    new Request(`${BASE_URL}/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        origin: BASE_URL,
        'user-agent': visitor.agent,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    visitor.ip,
  )
}

async function signInAsAdmin(visitor: typeof VISITOR_A) {
  expect(
    (await call('/email-otp/send-verification-otp', visitor, { body: { email: ADMIN, type: 'sign-in' } })).status,
  ).toBe(200)
  const hint = await readDemoHint(auth, ADMIN)
  const response = await call('/sign-in/email-otp', visitor, { body: { email: ADMIN, otp: hint!.code } })
  expect(response.status, await response.clone().text()).toBe(200)
  return sessionCookie(response)
}

const verificationRows = async () => (await db.select().from(verification)).length

describe('demo mode: codes', () => {
  it.each(['email-verification', 'forget-password', 'change-email', 'anything'])(
    'refuses a code of type %s like any write (403 DEMO_MODE), and writes nothing',
    async (type) => {
      clearDevMailbox()
      const before = await verificationRows()
      for (const email of [ADMIN, 'amina.ali@example.com']) {
        const response = await call('/email-otp/send-verification-otp', VISITOR_A, { body: { email, type } })
        expect(response.status).toBe(403)
        expect(((await response.json()) as { code: string }).code).toBe('DEMO_MODE')
      }
      expect(await verificationRows()).toBe(before)
      expect(listDevMailbox()).toHaveLength(0)
    },
  )

  it('still gives sign-in codes', async () => {
    const response = await call('/email-otp/send-verification-otp', VISITOR_A, {
      body: { email: ADMIN, type: 'sign-in' },
    })
    expect(response.status).toBe(200)
  })
})

describe('demo mode: sessions', () => {
  let cookieA: string
  let cookieB: string
  let adminId: string

  beforeAll(async () => {
    cookieA = await signInAsAdmin(VISITOR_A)
    cookieB = await signInAsAdmin(VISITOR_B)
    adminId = (await db.select({ id: user.id }).from(user).where(eq(user.email, ADMIN)))[0]!.id
  })

  interface Listed {
    ipAddress: string | null
    userAgent: string | null
  }

  it("shows no other visitor's address or device on /admin/list-user-sessions, only one's own", async () => {
    const response = await call('/admin/list-user-sessions', VISITOR_A, { body: { userId: adminId }, cookie: cookieA })
    expect(response.status).toBe(200)
    const { sessions } = (await response.json()) as { sessions: Listed[] }
    const text = JSON.stringify(sessions)
    expect(text).not.toContain(VISITOR_B.ip)
    expect(text).not.toContain('iPhone')
    expect(
      sessions.filter((item) => item.ipAddress === VISITOR_A.ip && item.userAgent === VISITOR_A.agent),
    ).toHaveLength(1)
    expect(sessions.length).toBeGreaterThanOrEqual(2)
  })

  it("shows no other visitor's address or device on /list-sessions", async () => {
    const response = await call('/list-sessions', VISITOR_B, { cookie: cookieB })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain(VISITOR_A.ip)
    expect(text).not.toContain('Linux')
    expect(text).toContain(VISITOR_B.ip)
  })

  it("shows no other visitor's address or device in the user manager (app API)", async () => {
    const admin = createRouterClient(router, {
      context: apiContext({ headers: new Headers({ cookie: cookieA }), db, auth, env, clientIp: VISITOR_A.ip }),
    })
    const page = await admin.user.sessions({ id: adminId })
    const others = page.items.filter((item) => !item.current)
    expect(others.length).toBeGreaterThanOrEqual(1)
    for (const item of others) {
      expect(item.ipAddress).toBeNull()
      expect(item.device).toMatchObject({ browser: undefined, os: undefined })
    }
    expect(page.items.find((item) => item.current)).toMatchObject({ ipAddress: VISITOR_A.ip })
  })

  it('ends sessions an hour after sign-in, and a visit does not extend them', async () => {
    const rows = await db.select().from(session).where(eq(session.userId, adminId))
    for (const row of rows) {
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(DEMO_SESSION_SECONDS * 1000 + 1000)
    }
    expect(DEMO_SESSION_SECONDS).toBe(60 * 60)
    // Near its end, a visit leaves the end where it was.
    await db.execute(
      sql`update "session" set expires_at = now() + interval '1 minute', created_at = now() - interval '59 minutes'`,
    )
    const [before] = await db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.userId, adminId))
      .limit(1)
    expect((await call('/get-session', VISITOR_A, { cookie: cookieA })).status).toBe(200)
    const after = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, adminId))
    expect(after.map((row) => row.expiresAt.getTime())).toContain(before!.expiresAt.getTime())
    expect(Math.max(...after.map((row) => row.expiresAt.getTime()))).toBeLessThanOrEqual(Date.now() + 61_000)
  })
})
