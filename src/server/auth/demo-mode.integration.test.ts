import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { readDemoHint } from '@/server/auth/demo-hint.server'
import type { Database } from '@/server/db/index.server'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { createTestDatabase } from '@/test/database'

import { type Auth, createAuth } from './auth.server'
import { DEMO_ALLOWED_POSTS, DEMO_MUTATING_GETS, DEMO_READ_ONLY_POSTS } from './demo-policy.server'
import { handleAuthRequest } from './handler.server'
import { type AuthEndpointRoute, authEndpointRoutes } from './internals.server'

/**
 * Demo mode proven on the whole route list of the auth API: every endpoint
 * better-auth serves is enumerated from the auth instance; signed in as the
 * seeded admin (who may do everything), each one that is not on the
 * sign-in/out allow-list is called with a body that would succeed outside
 * demo mode (checked by the control run at the end), and must answer 403
 * `DEMO_MODE` with the database left exactly as it was.
 */
const BASE_URL = 'http://localhost:3000'
const ADMIN = 'admin@admin.com'
const USER = 'user@user.com'
const TABLES = ['user', 'session', 'account', 'verification', 'book', 'genre'] as const

interface Call {
  method?: string
  body?: unknown
  cookie?: string
}

function request(auth: Auth, path: string, { method, body, cookie }: Call = {}) {
  const verb = method ?? (body === undefined ? 'GET' : 'POST')
  const hasBody = verb !== 'GET' && verb !== 'HEAD'
  return handleAuthRequest(
    auth,
    new Request(`${BASE_URL}/api/auth${path}`, {
      method: verb,
      headers: { 'content-type': 'application/json', origin: BASE_URL, ...(cookie ? { cookie } : {}) },
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    }),
    '203.0.113.9',
  )
}

/** Row count and checksum of every row of each table. */
async function snapshot(db: Database) {
  const result = {} as Record<(typeof TABLES)[number], { count: number; checksum: string }>
  for (const table of TABLES) {
    const { rows } = (await db.execute(
      sql.raw(
        `select count(*)::int as count, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as checksum from "${table}" t`,
      ),
    )) as unknown as { rows: { count: number; checksum: string }[] }
    result[table] = rows[0]!
  }
  return result
}

async function userId(db: Database, email: string) {
  const { rows } = (await db.execute(sql`select id from "user" where email = ${email}`)) as unknown as {
    rows: { id: string }[]
  }
  return rows[0]!.id
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((cookie) => cookie.includes('session_token'))!

/** A request body that the endpoint accepts outside demo mode (`{}` where none is needed). */
function bodyFor(path: string, ids: { user: string }): unknown {
  const bodies: Record<string, unknown> = {
    '/sign-in/social': { provider: 'github' },
    '/sign-up/email': { email: 'signed-up@example.com', password: 'password-1234', name: 'Signed Up' },
    '/sign-in/email': { email: ADMIN, password: 'password-1234' },
    '/update-user': { name: 'Changed in demo' },
    '/delete-user': {},
    '/change-email': { newEmail: 'changed@example.com' },
    '/revoke-session': { token: 'not-a-token' },
    '/email-otp/request-email-change': { newEmail: 'changed@example.com' },
    '/email-otp/verify-email': { email: ADMIN, otp: '000000' },
    '/email-otp/check-verification-otp': { email: ADMIN, type: 'sign-in', otp: '000000' },
    '/email-otp/request-password-reset': { email: ADMIN },
    '/forget-password/email-otp': { email: ADMIN },
    '/admin/set-role': { userId: ids.user, role: 'admin' },
    '/admin/create-user': { email: 'created@example.com', name: 'Created', role: 'user' },
    '/admin/update-user': { userId: ids.user, data: { name: 'Changed in demo' } },
    '/admin/ban-user': { userId: ids.user, banReason: 'demo test' },
    '/admin/unban-user': { userId: ids.user },
    '/admin/impersonate-user': { userId: ids.user },
    '/admin/revoke-user-session': { sessionToken: 'not-a-token' },
    '/admin/revoke-user-sessions': { userId: ids.user },
    '/admin/remove-user': { userId: ids.user },
    '/admin/set-user-password': { userId: ids.user, newPassword: 'password-1234' },
    '/admin/list-user-sessions': { userId: ids.user },
    '/admin/has-permission': { permissions: { user: ['list'] } },
  }
  return bodies[path] ?? {}
}

/** A concrete path for a template (`/callback/:id` → `/callback/github`). */
const concrete = (path: string) => path.replace(/:id\b/g, 'github').replace(/:[a-zA-Z]+/g, 'x')

async function signInDemoAccount(auth: Auth, email: string) {
  const sent = await request(auth, '/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } })
  expect(sent.status).toBe(200)
  const hint = await readDemoHint(auth, email)
  expect(hint?.code).toMatch(/^\d{6}$/)
  const signedIn = await request(auth, '/sign-in/email-otp', { body: { email, otp: hint!.code } })
  expect(signedIn.status).toBe(200)
  return sessionCookie(signedIn)
}

describe('demo mode on /api/auth', () => {
  let db: Database
  let auth: Auth
  let routes: AuthEndpointRoute[]
  let adminCookie: string
  let ids: { user: string }

  beforeAll(async () => {
    const handle = await createTestDatabase()
    db = handle.db
    auth = createAuth(db, parseEnv({ NODE_ENV: 'test', BASE_URL, DEMO_MODE: 'true', RATE_LIMIT: 'false' }))
    routes = authEndpointRoutes(auth.api)
    clearDevMailbox()
    adminCookie = await signInDemoAccount(auth, ADMIN)
    ids = { user: await userId(db, USER) }
  })

  it('enumerates the whole API, admin routes included', () => {
    const paths = routes.map((route) => route.path)
    expect(paths.length).toBeGreaterThan(40)
    for (const path of [
      '/update-user',
      '/delete-user',
      '/admin/ban-user',
      '/admin/remove-user',
      '/admin/create-user',
      // Adding and removing passkeys: refused below with every other write.
      '/passkey/verify-registration',
      '/passkey/delete-passkey',
    ]) {
      expect(paths).toContain(path)
    }
    // Every listed exception is a real endpoint (no typo that would let nothing through).
    for (const path of [...DEMO_ALLOWED_POSTS, ...DEMO_READ_ONLY_POSTS]) {
      expect(routes.find((route) => route.path === path)?.methods).toContain('POST')
    }
    for (const path of DEMO_MUTATING_GETS) {
      expect(routes.find((route) => route.path === path)?.methods).toContain('GET')
    }
  })

  it('demo accounts sign in with the code of the demo hint; it is never e-mailed', () => {
    expect(adminCookie).toBeTruthy()
    expect(listDevMailbox().filter((mail) => mail.to === ADMIN)).toEqual([])
  })

  it('refuses every other POST of the API with 403 DEMO_MODE and changes nothing', async () => {
    const before = await snapshot(db)
    const allowed: readonly string[] = [...DEMO_ALLOWED_POSTS, ...DEMO_READ_ONLY_POSTS]
    const refused = routes.filter((route) => route.methods.includes('POST') && !allowed.includes(route.path))
    expect(refused.length).toBeGreaterThan(35)
    for (const route of refused) {
      const response = await request(auth, concrete(route.path), {
        body: bodyFor(route.path, ids),
        cookie: adminCookie,
      })
      expect(response.status, `POST ${route.path}`).toBe(403)
      expect(await response.json(), `POST ${route.path}`).toEqual({
        code: 'DEMO_MODE',
        message: 'This is a read-only demo, this action is disabled.',
      })
    }
    expect(await snapshot(db)).toEqual(before)
  })

  it('refuses the GETs that change data, other methods and unknown paths', async () => {
    const before = await snapshot(db)
    const cases: Call[] & { path: string }[] = [
      ...DEMO_MUTATING_GETS.map((path) => ({ path: `${concrete(path)}?token=x&code=x&state=x`, method: 'GET' })),
      { path: '/update-user', method: 'PUT', body: { name: 'Changed' } },
      { path: '/update-user', method: 'PATCH', body: { name: 'Changed' } },
      { path: '/delete-user', method: 'DELETE' },
      { path: '/not-an-endpoint', method: 'POST', body: {} },
      { path: '/update-user/', method: 'POST', body: { name: 'Changed' } },
      { path: '/UPDATE-USER', method: 'POST', body: { name: 'Changed' } },
      { path: '//update-user', method: 'POST', body: { name: 'Changed' } },
      { path: '/sign-out/../update-user', method: 'POST', body: { name: 'Changed' } },
    ]
    for (const { path, ...call } of cases) {
      const response = await request(auth, path, { ...call, cookie: adminCookie })
      expect(response.status, `${call.method} ${path}`).toBe(403)
      expect((await response.json()).code).toBe('DEMO_MODE')
    }
    expect(await snapshot(db)).toEqual(before)
  })

  it('still serves the reads, GET and read-only POST alike', async () => {
    const before = await snapshot(db)
    const session = await request(auth, '/get-session', { cookie: adminCookie })
    expect(session.status).toBe(200)
    expect((await session.json()).user.email).toBe(ADMIN)

    const users = await request(auth, '/admin/list-users?limit=5', { cookie: adminCookie })
    expect(users.status).toBe(200)
    expect((await users.json()).users).toHaveLength(5)

    const sessions = await request(auth, '/admin/list-user-sessions', {
      body: { userId: ids.user },
      cookie: adminCookie,
    })
    expect(sessions.status).toBe(200)
    const permission = await request(auth, '/admin/has-permission', {
      body: bodyFor('/admin/has-permission', ids),
      cookie: adminCookie,
    })
    expect(permission.status).toBe(200)

    // Every other GET endpoint goes through to better-auth (whatever it answers).
    const gets = routes.filter(
      (route) => route.methods.includes('GET') && !(DEMO_MUTATING_GETS as readonly string[]).includes(route.path),
    )
    for (const route of gets) {
      const response = await request(auth, concrete(route.path), { cookie: adminCookie })
      // Some answers are JSON-typed but empty (the disabled OpenAPI reference page's 404).
      const text = await response.text()
      const body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null
      expect(body?.code, `GET ${route.path}`).not.toBe('DEMO_MODE')
    }
    const after = await snapshot(db)
    // Reading may refresh the reader's own session; nothing else moves.
    expect({ ...after, session: after.session.count }).toEqual({ ...before, session: before.session.count })
  })

  it('creates no account: an unknown address gets SIGNUP_DISABLED and no code', async () => {
    const before = await snapshot(db)
    const email = 'nobody@example.com'
    const sent = await request(auth, '/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } })
    expect(sent.status).toBe(403)
    expect((await sent.json()).code).toBe('SIGNUP_DISABLED')
    expect(listDevMailbox().filter((mail) => mail.to === email)).toEqual([])

    const signIn = await request(auth, '/sign-in/email-otp', { body: { email, otp: '123456' } })
    expect(signIn.status).toBe(400)
    expect(await snapshot(db)).toEqual(before)
  })

  it('shows a code in the hint for the demo accounts only', async () => {
    const other = 'amina.ali@example.com'
    const sent = await request(auth, '/email-otp/send-verification-otp', { body: { email: other, type: 'sign-in' } })
    expect(sent.status).toBe(200)
    // An existing account that is not a demo account gets its code by e-mail, never in the hint.
    expect(listDevMailbox().some((mail) => mail.to === other)).toBe(true)
    expect(await readDemoHint(auth, other)).toBeNull()
    expect(await readDemoHint(auth, 'nobody@example.com')).toBeNull()

    await request(auth, '/email-otp/send-verification-otp', { body: { email: USER, type: 'sign-in' } })
    expect((await readDemoHint(auth, 'User@User.com'))?.code).toMatch(/^\d{6}$/)
  })

  it('signs out', async () => {
    const cookie = await signInDemoAccount(auth, USER)
    const signOut = await request(auth, '/sign-out', { body: {}, cookie })
    expect(signOut.status).toBe(200)
    const session = await request(auth, '/get-session', { cookie })
    expect(await session.json()).toBeNull()
  })
})

describe('outside demo mode (control)', () => {
  it('the same requests succeed, so the 403s above are demo mode at work', async () => {
    const handle = await createTestDatabase()
    const auth = createAuth(handle.db, parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'false' }))
    clearDevMailbox()
    await request(auth, '/email-otp/send-verification-otp', { body: { email: ADMIN, type: 'sign-in' } })
    const code = /\b(\d{6})\b/.exec(listDevMailbox().find((mail) => mail.to === ADMIN)!.text)![1]
    const cookie = sessionCookie(await request(auth, '/sign-in/email-otp', { body: { email: ADMIN, otp: code } }))
    const ids = { user: await userId(handle.db, USER) }
    expect(await readDemoHint(auth, ADMIN)).toBeNull()

    for (const path of [
      '/update-user',
      '/admin/update-user',
      '/admin/set-role',
      '/admin/ban-user',
      '/admin/create-user',
      '/admin/remove-user',
    ]) {
      const response = await request(auth, path, { body: bodyFor(path, ids), cookie })
      expect(response.status, `POST ${path}: ${await response.clone().text()}`).toBe(200)
    }
    const { rows } = (await handle.db.execute(
      sql`select count(*)::int as count from "user" where email in (${USER}, 'created@example.com')`,
    )) as unknown as { rows: { count: number }[] }
    // user@user.com was removed, created@example.com was created.
    expect(rows[0]!.count).toBe(1)
  })
})
