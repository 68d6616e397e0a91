import { createRouterClient } from '@orpc/server'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Env } from '@/lib/env.server'
import type { ApiHarness, Caller } from '@/test/api'

/**
 * The adapter through which app procedures ask better-auth to act keeps
 * better-auth's own checks. better-auth skips its origin check when NODE_ENV
 * is `test`, so this file runs as in development (its own worker) to prove
 * that a call without a valid Origin is refused through the adapter, like a
 * call without the admin permission.
 */
vi.hoisted(() => {
  process.env.NODE_ENV = 'development'
  process.env.LOG_LEVEL = 'silent'
  delete process.env.TEST
})

const BASE_URL = 'http://localhost:3000'
let api: ApiHarness
let env: Env
let modules: {
  apiContext: typeof import('./context.server').apiContext
  router: typeof import('./router.server').router
  callAuthService: typeof import('./auth-service.server').callAuthService
  schema: typeof import('@/server/db/schema')
}

beforeAll(async () => {
  const [{ createApiHarness }, { parseEnv }, { apiContext }, { router }, { callAuthService }, schema] =
    await Promise.all([
      import('@/test/api'),
      import('@/lib/env.server'),
      import('./context.server'),
      import('./router.server'),
      import('./auth-service.server'),
      import('@/server/db/schema'),
    ])
  api = await createApiHarness()
  env = parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'false' })
  modules = { apiContext, router, callAuthService, schema }
})

// better-auth logs each refusal with console.error: expected here, kept quiet.
let errors: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => errors.mockRestore())

/** The API context of `caller` with these extra request headers (Origin, Sec-Fetch-Site…). */
async function contextOf(caller: Caller, headers: Record<string, string>) {
  const cookie = await api.cookie(caller)
  return modules.apiContext({
    headers: new Headers({ ...headers, ...(cookie ? { cookie } : {}) }),
    db: api.db,
    auth: api.auth,
    env,
    clientIp: '203.0.113.9',
  })
}

async function clientOf(caller: Caller, headers: Record<string, string>) {
  return createRouterClient(modules.router, { context: await contextOf(caller, headers) })
}

async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: unknown) => e as { status: number; data?: { authCode?: string } },
  )
  return { status: error.status, authCode: error.data?.authCode }
}

async function newUser(name: string) {
  const admin = await clientOf('admin', { origin: BASE_URL })
  return admin.user.create({
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`,
    role: 'user',
  })
}

async function isBanned(id: string) {
  const [row] = await api.db
    .select({ banned: modules.schema.user.banned })
    .from(modules.schema.user)
    .where(eq(modules.schema.user.id, id))
  return row?.banned
}

describe('app procedures that call better-auth keep its origin check', () => {
  it('goes through with the app’s own Origin', async () => {
    const target = await newUser('Ada Origin')
    const admin = await clientOf('admin', { origin: BASE_URL, 'sec-fetch-site': 'same-origin' })
    await expect(admin.user.ban({ id: target.id })).resolves.toMatchObject({ banned: true })
  })

  it('refuses a foreign Origin (INVALID_ORIGIN) and changes nothing', async () => {
    const target = await newUser('Bob Foreign')
    const admin = await clientOf('admin', { origin: 'https://evil.example' })
    expect(await failure(admin.user.ban({ id: target.id }))).toEqual({ status: 403, authCode: 'INVALID_ORIGIN' })
    expect(
      await failure(admin.user.create({ name: 'Mallory', email: `mallory.${Date.now()}@evil.example`, role: 'admin' })),
    ).toEqual({
      status: 403,
      authCode: 'INVALID_ORIGIN',
    })
    expect(await isBanned(target.id)).toBe(false)
  })

  it('refuses a browser call with the cookie but no Origin or Referer (MISSING_OR_NULL_ORIGIN), as /api/auth does', async () => {
    const target = await newUser('Cy Missing')
    const admin = await clientOf('admin', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })
    expect(await failure(admin.user.ban({ id: target.id }))).toEqual({
      status: 403,
      authCode: 'MISSING_OR_NULL_ORIGIN',
    })
    expect(await isBanned(target.id)).toBe(false)
  })

  it('refuses a foreign Referer when the browser sent no Origin', async () => {
    const target = await newUser('Cy Referred')
    const admin = await clientOf('admin', { referer: 'https://evil.example/page' })
    expect(await failure(admin.user.ban({ id: target.id }))).toEqual({ status: 403, authCode: 'INVALID_ORIGIN' })
    expect(await isBanned(target.id)).toBe(false)
  })

  it('lets a non-browser client through (no Origin, Referer or Sec-Fetch-*: REST with curl and a cookie)', async () => {
    const target = await newUser('Cy Scripted')
    const admin = await clientOf('admin', { 'user-agent': 'curl/8.5.0' })
    await expect(admin.user.ban({ id: target.id })).resolves.toMatchObject({ banned: true })
  })

  it('refuses the revoke of one’s own other session from a foreign Origin', async () => {
    const email = 'user@user.com'
    const first = await api.cookie('user')
    api.forget('user')
    const second = await api.cookie({ email })
    const { session } = modules.schema
    const mine = await (await clientOf({ email }, { origin: BASE_URL })).account.sessions()
    const other = mine.find((entry) => !entry.current)!
    const evil = await clientOf({ email }, { origin: 'https://evil.example' })
    expect(await failure(evil.account.revokeSession({ id: other.id }))).toEqual({
      status: 403,
      authCode: 'INVALID_ORIGIN',
    })
    expect(
      await api.db
        .select()
        .from(session)
        .where(and(eq(session.id, other.id))),
    ).toHaveLength(1)
    expect(first).not.toBe(second)
  })
})

describe('the adapter keeps better-auth’s admin permission check', () => {
  it('refuses a plain user calling an admin route through it, even past our own guard', async () => {
    const target = await newUser('Dee Guarded')
    const context = await contextOf('user', { origin: BASE_URL })
    const refused = await failure(modules.callAuthService(context, '/admin/ban-user', { userId: target.id }))
    expect(refused).toEqual({ status: 403, authCode: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS' })
    expect(await isBanned(target.id)).toBe(false)
  })

  it('refuses a signed-out call (401)', async () => {
    const target = await newUser('Eve Anonymous')
    const context = await contextOf('anonymous', { origin: BASE_URL })
    expect((await failure(modules.callAuthService(context, '/admin/ban-user', { userId: target.id }))).status).toBe(401)
    expect(await isBanned(target.id)).toBe(false)
  })

  it('records the caller’s socket address in the audit trail', async () => {
    const target = await newUser('Fay Audited')
    const context = await contextOf('admin', { origin: BASE_URL, 'x-forwarded-for': '198.51.100.66' })
    await modules.callAuthService(context, '/admin/ban-user', { userId: target.id })
    const { auditLog } = modules.schema
    const rows = await api.db
      .select({ action: auditLog.action, ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.targetUserId, target.id))
    expect(rows).toContainEqual(expect.objectContaining({ ip: '203.0.113.9' }))
  })
})
