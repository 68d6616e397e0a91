import { randomUUID } from 'node:crypto'

import { createRouterClient, type RouterClient } from '@orpc/server'
import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { type Router, router } from '@/server/api/router.server'
import { createAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { auditLog, passkey, session, user } from '@/server/db/schema'
import { type ApiHarness, type Caller, createApiHarness } from '@/test/api'
import { everyPage, idsOf } from '@/test/pages'

const BASE_URL = 'http://localhost:3000'
const CLIENT_IP = '203.0.113.7'

let api: ApiHarness
let adminId: string

beforeAll(async () => {
  api = await createApiHarness()
  adminId = (await api.db.select({ id: user.id }).from(user).where(eq(user.email, 'admin@admin.com')))[0]!.id
})

let counter = 0
/** A new user (through the API, as the admin), with a unique address. */
async function newUser(role: 'user' | 'admin' = 'user') {
  counter += 1
  const admin = await api.client('admin')
  return admin.user.create({ name: `Zed Test ${counter}`, email: `zed-${counter}-${Date.now()}@example.com`, role })
}

const viaAuth = (caller: Caller, path: string, body: unknown) => api.authPost(caller, path, body)

/** How the app API refused a call: status and the auth service's code. */
async function refusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: unknown) => e,
  )) as { status: number; message: string; data: { key: string; authCode?: string; fields?: Record<string, string> } }
  return {
    status: error.status,
    code: error.data.authCode,
    key: error.data.key,
    fields: error.data.fields,
    message: error.message,
  }
}

async function auditRows(targetUserId: string) {
  return api.db.select().from(auditLog).where(eq(auditLog.targetUserId, targetUserId)).orderBy(asc(auditLog.createdAt))
}

/** Whether `caller`'s cookie still opens a session (a fresh request, as on any instance). */
async function hasSession(cookie: string) {
  return (await api.auth.api.getSession({ headers: new Headers({ cookie }) })) !== null
}

/** The cookies a response sets (not the ones it clears) whose names match, as a Cookie header. */
function cookiesOf(response: Response, names: RegExp) {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .filter((pair) => names.test(pair.split('=')[0]!) && !pair.endsWith('='))
    .join('; ')
}

const clients = (caller: Caller): Promise<RouterClient<Router>> => api.client(caller)

/** A passkey row of `userId` (the WebAuthn ceremony itself is proven in Chromium, e2e/passkeys.spec.ts). */
async function addPasskeyRow(userId: string) {
  const id = randomUUID()
  await api.db.insert(passkey).values({
    id,
    name: 'Phone',
    publicKey: 'AAAA',
    userId,
    credentialID: randomUUID(),
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
  })
  return id
}

describe('user.list', () => {
  it('lists users by name, then id, and counts them on the first page only', async () => {
    const admin = await clients('admin')
    const page = await admin.user.list({})
    const all = await api.db.select({ id: user.id, name: user.name }).from(user).orderBy(asc(user.name), asc(user.id))
    expect(page.total).toBe(all.length)
    expect(page.items.map((item) => item.id)).toEqual(all.slice(0, 20).map((row) => row.id))
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      emailVerified: expect.any(Boolean),
      role: expect.any(String),
      banned: expect.any(Boolean),
      avatar: null,
    })
    const next = await admin.user.list({ cursor: page.nextCursor! })
    expect(next.total).toBeNull()
    expect(next.items[0]!.id).toBe(all[20]!.id)
  })

  it('pages through every user once', async () => {
    const admin = await clients('admin')
    const seen = idsOf(await everyPage((cursor) => admin.user.list({ limit: 37, cursor })))
    const count = (await api.db.select({ id: user.id }).from(user)).length
    expect(seen).toHaveLength(count)
    expect(new Set(seen).size).toBe(count)
  })

  it('searches names and e-mails, whatever the case', async () => {
    const admin = await clients('admin')
    const byName = await admin.user.list({ searchTerm: 'aMiNa' })
    expect(byName.total).toBe(10)
    expect(byName.items.every((item) => item.name.startsWith('Amina'))).toBe(true)
    const byEmail = await admin.user.list({ searchTerm: 'ADMIN.COM' })
    expect(byEmail.items.map((item) => item.email)).toEqual(['admin@admin.com'])
    expect((await admin.user.list({ searchTerm: '_' })).total).toBe(0)
  })

  it('sorts by name or e-mail either way and filters by role and banned state, page after page, ties by id', async () => {
    const admin = await clients('admin')
    // Ties on the name, two admins, one banned user: each filter has rows, each sort has ties.
    const tied = [await newUser(), await newUser(), await newUser('admin'), await newUser('admin')]
    await api.db
      .update(user)
      .set({ name: 'Tied Name' })
      .where(
        inArray(
          user.id,
          tied.map((row) => row.id),
        ),
      )
    await api.db.update(user).set({ banned: true }).where(eq(user.id, tied[0]!.id))
    for (const sort of ['name', 'email'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const cases: Array<{ role?: 'admin' | 'user'; banned?: 'true' | 'false'; searchTerm?: string }> = [
          {},
          { role: 'admin' },
          { banned: 'true' },
          { role: 'user', banned: 'false' },
          { searchTerm: 'tied' },
        ]
        for (const filters of cases) {
          const direction = order === 'asc' ? asc : desc
          const expected = await api.db
            .select({ id: user.id })
            .from(user)
            .where(
              and(
                filters.role ? eq(user.role, filters.role) : undefined,
                filters.banned ? eq(user.banned, filters.banned === 'true') : undefined,
                filters.searchTerm ? ilike(user.name, '%tied%') : undefined,
              ),
            )
            .orderBy(direction(sort === 'email' ? user.email : user.name), direction(user.id))
          const pages = await everyPage((cursor) => admin.user.list({ sort, order, ...filters, limit: 3, cursor }), {
            most: expected.length + 1,
          })
          expect(pages[0]!.total).toBe(expected.length)
          expect(idsOf(pages), `${sort} ${order} ${JSON.stringify(filters)}`).toEqual(expected.map((row) => row.id))
        }
      }
    }
  })

  it('refuses a sort, an order, a role or a banned state it does not know with a translated 400', async () => {
    for (const query of ['sort=password', 'order=up', 'role=root', 'banned=yes']) {
      const response = await api.rest('admin', 'GET', `/users?${query}`)
      expect(response.status, query).toBe(400)
      expect(JSON.stringify(await response.json())).not.toContain('Internal')
    }
    expect((await api.rest('admin', 'GET', '/users?sort=email&order=desc&role=admin&banned=false')).status).toBe(200)
  })

  it('refuses a user (403, as /api/auth/admin/list-users does) and a signed-out caller (401)', async () => {
    const denied = await refusal((await clients('user')).user.list({}))
    expect(denied).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS' })
    const response = await api.auth.handler(
      new Request(`${BASE_URL}/api/auth/admin/list-users`, { headers: { cookie: (await api.cookie('user'))! } }),
    )
    expect(response.status).toBe(403)
    expect(((await response.json()) as { code: string }).code).toBe(denied.code)
    expect((await api.rest('anonymous', 'GET', '/users')).status).toBe(401)
    expect((await api.rest('user', 'GET', '/users')).status).toBe(403)
    expect((await api.rest('user', 'GET', '/users?sort=email&role=admin&banned=true')).status).toBe(403)
    expect((await api.rest('anonymous', 'GET', '/users?sort=email&order=desc')).status).toBe(401)
  })
})

describe('user.get', () => {
  it('returns a user to an admin, 404 for an unknown id; refuses a user and a signed-out caller', async () => {
    const admin = await clients('admin')
    const found = await admin.user.get({ id: adminId })
    expect(found).toMatchObject({
      id: adminId,
      email: 'admin@admin.com',
      role: 'admin',
      banned: false,
      banReason: null,
    })
    expect(found.onboardedAt).toEqual(expect.any(String))
    const missing = await api.rest('admin', 'GET', '/users/does-not-exist')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ message: 'Not Found' })
    expect((await api.rest('user', 'GET', `/users/${adminId}`)).status).toBe(403)
    expect((await api.rest('anonymous', 'GET', `/users/${adminId}`)).status).toBe(401)
  })
})

describe('user.create', () => {
  it('creates a user with a role, not verified and not onboarded, and records who did it and from where', async () => {
    const created = await newUser()
    expect(created).toMatchObject({ role: 'user', emailVerified: false, banned: false, onboardedAt: null })
    const [row] = await auditRows(created.id)
    expect(row).toMatchObject({
      actorId: adminId,
      action: 'user.create',
      targetUserId: created.id,
      ip: CLIENT_IP,
      details: { email: created.email, name: created.name, role: 'user' },
    })
  })

  it("answers a taken e-mail with 'Email already used' on the email field", async () => {
    const admin = await clients('admin')
    const taken = await refusal(admin.user.create({ name: 'Someone', email: 'USER@user.com', role: 'user' }))
    expect(taken).toMatchObject({
      status: 409,
      message: 'Email already used',
      fields: { email: 'user:errors.emailTaken' },
    })
  })

  it('validates the form on the server', async () => {
    const response = await api.rest('admin', 'POST', '/users', { name: '', email: 'not-an-email', role: 'owner' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { data: { fields: Record<string, string> } }
    expect(Object.keys(body.data.fields).sort()).toEqual(['email', 'name', 'role'])
  })

  it('refuses a user like /api/auth/admin/create-user does, and a signed-out caller', async () => {
    const input = { name: 'Nope', email: `nope-${Date.now()}@example.com`, role: 'user' as const }
    const denied = await refusal((await clients('user')).user.create(input))
    const direct = await viaAuth('user', '/admin/create-user', input)
    expect(denied).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS' })
    expect([direct.status, direct.code]).toEqual([denied.status, denied.code])
    expect((await api.rest('anonymous', 'POST', '/users', input)).status).toBe(401)
    expect(await api.db.select().from(user).where(eq(user.email, input.email))).toHaveLength(0)
  })
})

describe('user.update', () => {
  it('changes name and e-mail (a new address is not verified) and the role, each recorded', async () => {
    const target = await newUser()
    await api.db.update(user).set({ emailVerified: true }).where(eq(user.id, target.id))
    const admin = await clients('admin')
    const email = `renamed-${Date.now()}@example.com`
    const updated = await admin.user.update({ id: target.id, name: 'Renamed', email, role: 'admin' })
    expect(updated).toMatchObject({ name: 'Renamed', email, role: 'admin', emailVerified: false })
    const rows = await auditRows(target.id)
    expect(rows.map((row) => row.action)).toEqual(['user.create', 'user.update', 'user.set-role'])
    expect(rows[1]!.details).toMatchObject({ changes: { name: 'Renamed', email, emailVerified: false } })
    expect(rows[2]!.details).toMatchObject({ role: 'admin', previousRole: 'user' })
  })

  it("answers a taken e-mail with 'Email already used' on the email field", async () => {
    const target = await newUser()
    const taken = await refusal(
      (await clients('admin')).user.update({ ...target, email: 'user@user.com', role: 'admin' }),
    )
    expect(taken).toMatchObject({
      status: 409,
      message: 'Email already used',
      fields: { email: 'user:errors.emailTaken' },
    })
    // Nothing of the refused update is kept: the role is unchanged.
    const [row] = await api.db.select({ role: user.role }).from(user).where(eq(user.id, target.id))
    expect(row!.role).toBe('user')
  })

  it('never lets an admin change their own role, through the API or the auth service', async () => {
    const admin = await clients('admin')
    const own = await refusal(admin.user.update({ id: adminId, name: 'Admin', email: 'admin@admin.com', role: 'user' }))
    expect(own).toMatchObject({
      status: 400,
      code: 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE',
      fields: { role: 'user:errors.ownRole' },
    })
    expect(own.message).toBe('You cannot change your own role')
    const direct = await viaAuth('admin', '/admin/set-role', { userId: adminId, role: 'user' })
    expect([direct.status, direct.code]).toEqual([400, 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE'])
    const viaUpdate = await viaAuth('admin', '/admin/update-user', { userId: adminId, data: { role: 'user' } })
    expect([viaUpdate.status, viaUpdate.code]).toEqual([400, 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE'])
    expect((await admin.user.get({ id: adminId })).role).toBe('admin')
    // Their own name is theirs to change here, as long as the role stays.
    expect(
      (await admin.user.update({ id: adminId, name: 'Admin', email: 'admin@admin.com', role: 'admin' })).role,
    ).toBe('admin')
  })

  it('refuses a user and a signed-out caller; 404 for an unknown id', async () => {
    const target = await newUser()
    const input = { id: target.id, name: 'Hacked', email: target.email, role: 'user' as const }
    expect(await refusal((await clients('user')).user.update(input))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    })
    const direct = await viaAuth('user', '/admin/update-user', { userId: target.id, data: { name: 'Hacked' } })
    expect([direct.status, direct.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS'])
    expect((await api.rest('anonymous', 'PUT', `/users/${target.id}`, input)).status).toBe(401)
    expect((await api.rest('admin', 'PUT', '/users/nobody', { ...input, id: 'nobody' })).status).toBe(404)
  })
})

describe('user.setRole', () => {
  it('sets a role for an admin only, and checks the role exists', async () => {
    const target = await newUser()
    expect((await (await clients('admin')).user.setRole({ id: target.id, role: 'admin' })).role).toBe('admin')
    const denied = await refusal((await clients('user')).user.setRole({ id: target.id, role: 'user' }))
    const direct = await viaAuth('user', '/admin/set-role', { userId: target.id, role: 'user' })
    expect(denied).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE' })
    expect([direct.status, direct.code]).toEqual([denied.status, denied.code])
    expect((await api.rest('admin', 'PUT', `/users/${target.id}/role`, { role: 'owner' })).status).toBe(400)
    expect((await api.rest('anonymous', 'PUT', `/users/${target.id}/role`, { role: 'user' })).status).toBe(401)
  })
})

describe('user.delete', () => {
  it('deletes a user and keeps the trail of it', async () => {
    const target = await newUser()
    const response = await api.rest('admin', 'DELETE', `/users/${target.id}`)
    expect(response.status).toBe(200)
    expect((await api.rest('admin', 'GET', `/users/${target.id}`)).status).toBe(404)
    const rows = await auditRows(target.id)
    expect(rows.at(-1)).toMatchObject({ action: 'user.delete', actorId: adminId, details: { email: target.email } })
  })

  it('never deletes oneself, through the API or the auth service', async () => {
    const own = await refusal((await clients('admin')).user.delete({ id: adminId }))
    const direct = await viaAuth('admin', '/admin/remove-user', { userId: adminId })
    expect(own).toMatchObject({ status: 400, code: 'YOU_CANNOT_REMOVE_YOURSELF' })
    expect([direct.status, direct.code]).toEqual([own.status, own.code])
    expect(await api.db.select().from(user).where(eq(user.id, adminId))).toHaveLength(1)
  })

  it('refuses a user and a signed-out caller', async () => {
    const target = await newUser()
    const denied = await refusal((await clients('user')).user.delete({ id: target.id }))
    const direct = await viaAuth('user', '/admin/remove-user', { userId: target.id })
    expect(denied).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS' })
    expect([direct.status, direct.code]).toEqual([denied.status, denied.code])
    expect((await api.rest('anonymous', 'DELETE', `/users/${target.id}`)).status).toBe(401)
    expect(await api.db.select().from(user).where(eq(user.id, target.id))).toHaveLength(1)
  })
})

describe('user.ban and user.unban', () => {
  it('bans with a reason and an end: every session of the user ends at once, the next request is refused', async () => {
    const target = await newUser()
    const caller = { email: target.email }
    const cookie = (await api.cookie(caller))!
    expect((await api.rest(caller, 'GET', '/genres')).status).toBe(200)
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString()
    const banned = await (await clients('admin')).user.ban({ id: target.id, reason: 'Spam', expiresAt })
    expect(banned).toMatchObject({ banned: true, banReason: 'Spam' })
    expect(Math.abs(new Date(banned.banExpires!).getTime() - new Date(expiresAt).getTime())).toBeLessThan(5000)
    expect(await api.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(0)
    expect(await hasSession(cookie)).toBe(false)
    expect((await api.rest(caller, 'GET', '/genres')).status).toBe(401)
    const rows = await auditRows(target.id)
    expect(rows.at(-1)).toMatchObject({
      action: 'user.ban',
      actorId: adminId,
      ip: CLIENT_IP,
      details: { reason: 'Spam' },
    })
    // Signing in again is refused with the auth service's BANNED_USER.
    api.forget(caller)
    await expect(api.cookie(caller)).rejects.toThrow(/BANNED_USER/)
  })

  it('unbans: the user can sign in again, and it is recorded', async () => {
    const target = await newUser()
    const admin = await clients('admin')
    await admin.user.ban({ id: target.id, reason: '' })
    const unbanned = await admin.user.unban({ id: target.id })
    expect(unbanned).toMatchObject({ banned: false, banReason: null, banExpires: null })
    expect(await api.cookie({ email: target.email })).toMatch(/session_token/)
    expect((await auditRows(target.id)).map((row) => row.action)).toEqual(['user.create', 'user.ban', 'user.unban'])
  })

  it("says 'You cannot ban yourself' through the API as through the auth service", async () => {
    const own = await refusal((await clients('admin')).user.ban({ id: adminId, reason: '' }))
    const direct = await viaAuth('admin', '/admin/ban-user', { userId: adminId })
    expect(own).toMatchObject({ status: 400, code: 'YOU_CANNOT_BAN_YOURSELF', message: 'You cannot ban yourself' })
    expect([direct.status, direct.code]).toEqual([own.status, own.code])
    expect(direct.json).toMatchObject({ message: own.message })
    expect((await api.db.select({ banned: user.banned }).from(user).where(eq(user.id, adminId)))[0]!.banned).toBe(false)
  })

  it('refuses an end date in the past on its field', async () => {
    const target = await newUser()
    const response = await api.rest('admin', 'POST', `/users/${target.id}/ban`, {
      reason: 'x',
      expiresAt: '2000-01-01T00:00:00Z',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ data: { fields: { expiresAt: 'user:validation.banEndInPast' } } })
  })

  it('refuses a user (403 like /api/auth/admin/ban-user) and a signed-out caller', async () => {
    const target = await newUser()
    const user403 = await refusal((await clients('user')).user.ban({ id: target.id, reason: '' }))
    const direct = await viaAuth('user', '/admin/ban-user', { userId: target.id })
    expect(user403).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
      message: 'You are not allowed to ban users',
    })
    expect([direct.status, direct.code]).toEqual([user403.status, user403.code])
    expect(direct.json).toMatchObject({ message: user403.message })
    const unban = await refusal((await clients('user')).user.unban({ id: target.id }))
    expect(unban).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS' })
    expect((await api.rest('anonymous', 'POST', `/users/${target.id}/ban`, {})).status).toBe(401)
    expect((await api.rest('anonymous', 'POST', `/users/${target.id}/unban`)).status).toBe(401)
  })

  it('records a ban done straight through /api/auth/admin/ban-user too', async () => {
    const target = await newUser()
    const direct = await viaAuth('admin', '/admin/ban-user', { userId: target.id, banReason: 'Direct' })
    expect(direct.status).toBe(200)
    expect((await auditRows(target.id)).at(-1)).toMatchObject({
      action: 'user.ban',
      actorId: adminId,
      details: { reason: 'Direct' },
    })
  })
})

describe('user sessions', () => {
  /** Two sessions of a new user (two browsers), the first one with a desktop Chrome user agent. */
  async function userWithTwoSessions() {
    const target = await newUser()
    const caller = { email: target.email }
    const first = (await api.cookie(caller))!
    api.forget(caller)
    const second = (await api.cookie(caller))!
    const rows = await api.db
      .select()
      .from(session)
      .where(eq(session.userId, target.id))
      .orderBy(asc(session.createdAt))
    await api.db
      .update(session)
      .set({
        userAgent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      })
      .where(eq(session.id, rows[0]!.id))
    return { target, caller, first, second, rows }
  }

  it('lists a user’s sessions by id with device, address and times; never a token', async () => {
    const { target, rows } = await userWithTwoSessions()
    const page = await (await clients('admin')).user.sessions({ id: target.id })
    expect(page.total).toBe(2)
    expect(page.items.map((item) => item.id).sort()).toEqual(rows.map((row) => row.id).sort())
    const chrome = page.items.find((item) => item.id === rows[0]!.id)!
    expect(chrome).toMatchObject({
      device: { browser: expect.stringMatching(/^Chrome \d+$/), os: 'Linux', type: 'desktop' },
      current: false,
      impersonated: false,
    })
    expect(chrome.expiresAt > chrome.lastActiveAt).toBe(true)
    const text = JSON.stringify(page)
    for (const row of rows) expect(text).not.toContain(row.token)
  })

  it('marks the caller’s own session as current, and pages newest first', async () => {
    const admin = await clients('admin')
    const own = await admin.user.sessions({ id: adminId })
    expect(own.items.filter((item) => item.current)).toHaveLength(1)
    const { target } = await userWithTwoSessions()
    const first = await admin.user.sessions({ id: target.id, limit: 1 })
    const second = await admin.user.sessions({ id: target.id, limit: 1, cursor: first.nextCursor! })
    expect(second.total).toBeNull()
    expect(second.nextCursor).toBeNull()
    expect(first.items[0]!.lastActiveAt >= second.items[0]!.lastActiveAt).toBe(true)
    expect(first.items[0]!.id).not.toBe(second.items[0]!.id)
  })

  it('revokes one session: it stops working at once, on another instance too; the other one lives', async () => {
    const { target, first, second, rows } = await userWithTwoSessions()
    const otherInstance = createAuth(api.db, parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'false' }))
    // Sessions live in the database only: no signed cookie cache that would outlive a revocation.
    expect(otherInstance.options.session?.cookieCache?.enabled).toBe(false)
    expect(await otherInstance.api.getSession({ headers: new Headers({ cookie: first }) })).not.toBeNull()
    await (await clients('admin')).user.revokeSession({ id: target.id, sessionId: rows[0]!.id })
    expect(await otherInstance.api.getSession({ headers: new Headers({ cookie: first }) })).toBeNull()
    expect(await hasSession(first)).toBe(false)
    expect(await hasSession(second)).toBe(true)
    expect((await auditRows(target.id)).at(-1)).toMatchObject({
      action: 'session.revoke',
      actorId: adminId,
      details: { sessionId: rows[0]!.id },
    })
  })

  it('revokes all sessions of a user, recorded', async () => {
    const { target, first, second } = await userWithTwoSessions()
    await (await clients('admin')).user.revokeSessions({ id: target.id })
    expect(await hasSession(first)).toBe(false)
    expect(await hasSession(second)).toBe(false)
    expect((await auditRows(target.id)).at(-1)).toMatchObject({ action: 'session.revoke-all', actorId: adminId })
  })

  it('answers 404 for a session that is not this user’s', async () => {
    const { target } = await userWithTwoSessions()
    const [adminSession] = await api.db.select().from(session).where(eq(session.userId, adminId)).limit(1)
    const response = await api.rest('admin', 'DELETE', `/users/${target.id}/sessions/${adminSession!.id}`)
    expect(response.status).toBe(404)
    expect((await api.rest('admin', 'GET', '/users/nobody/sessions')).status).toBe(404)
  })

  it('refuses a user (as /api/auth/admin/* does) and a signed-out caller', async () => {
    const { target, rows } = await userWithTwoSessions()
    const user = await clients('user')
    expect(await refusal(user.user.sessions({ id: target.id }))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS',
    })
    const directList = await viaAuth('user', '/admin/list-user-sessions', { userId: target.id })
    expect([directList.status, directList.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS'])
    const revoke = await refusal(user.user.revokeSession({ id: target.id, sessionId: rows[0]!.id }))
    const directRevoke = await viaAuth('user', '/admin/revoke-user-session', { sessionToken: rows[0]!.token })
    expect(revoke).toMatchObject({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS' })
    expect([directRevoke.status, directRevoke.code]).toEqual([revoke.status, revoke.code])
    expect(await refusal(user.user.revokeSessions({ id: target.id }))).toMatchObject({ status: 403 })
    expect((await api.rest('anonymous', 'GET', `/users/${target.id}/sessions`)).status).toBe(401)
    expect((await api.rest('anonymous', 'DELETE', `/users/${target.id}/sessions`)).status).toBe(401)
    expect(await api.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(2)
  })
})

describe('impersonation (through the auth service, which swaps the session cookie)', () => {
  it('lets an admin act as a user for an hour at most, then stop; both recorded', async () => {
    const target = await newUser()
    const started = await viaAuth('admin', '/admin/impersonate-user', { userId: target.id })
    expect(started.status).toBe(200)
    // The impersonation session and the admin's, without the "don't remember me" cookie.
    const cookie = cookiesOf(started.response, /session_token|admin_session/)
    const acting = await api.auth.api.getSession({ headers: new Headers({ cookie }) })
    expect(acting).toMatchObject({ user: { id: target.id }, session: { impersonatedBy: adminId } })
    const lifetime = new Date(acting!.session.expiresAt).getTime() - Date.now()
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000)
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000)
    const stopped = await api.auth.handler(
      new Request(`${BASE_URL}/api/auth/admin/stop-impersonating`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE_URL, cookie },
        body: '{}',
      }),
    )
    expect(stopped.status).toBe(200)
    const rows = await auditRows(target.id)
    expect(rows.slice(-2).map((row) => [row.action, row.actorId])).toEqual([
      ['user.impersonate', adminId],
      ['user.stop-impersonating', adminId],
    ])
  })

  it("records what is done while impersonating as the admin's act, done as the user (the trail shows both)", async () => {
    const target = await newUser()
    const other = await newUser()
    const started = await viaAuth('admin', '/admin/impersonate-user', { userId: target.id })
    const cookie = cookiesOf(started.response, /session_token|admin_session/)
    const before = new Set((await api.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id))
    // The person acted as may be one who can administer (made one by a script meanwhile): every audit writer runs.
    await api.db.update(user).set({ role: 'admin' }).where(eq(user.id, target.id))
    const acting = createRouterClient(router, {
      context: apiContext({
        headers: new Headers({ cookie }),
        db: api.db,
        auth: api.auth,
        env: parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'false' }),
        clientIp: CLIENT_IP,
      }),
    })
    await acting.user.update({ id: other.id, name: 'Renamed while impersonating', email: other.email, role: 'user' })
    const passkeyId = await addPasskeyRow(other.id)
    await acting.user.removePasskey({ id: other.id, passkeyId })
    const own = await addPasskeyRow(target.id)
    const post = (path: string, body: unknown) =>
      api.auth.handler(
        new Request(`${BASE_URL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE_URL, cookie },
          body: JSON.stringify(body),
        }),
      )
    // Refused while impersonating, or recorded as the admin's.
    await post('/passkey/delete-passkey', { id: own })
    expect((await post('/admin/stop-impersonating', {})).status).toBe(200)

    const written = (
      await api.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.targetUserId, [target.id, other.id]))
        .orderBy(asc(auditLog.createdAt))
    ).filter((row) => !before.has(row.id))
    expect(written.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.update', 'passkey.remove', 'user.stop-impersonating']),
    )
    for (const row of written)
      expect(row, row.action).toMatchObject({ actorId: adminId, impersonatedUserId: target.id })
    const trail = await (await clients('admin')).user.audit({ id: other.id })
    expect(trail.items[0]).toMatchObject({
      action: 'passkey.remove',
      actor: { id: adminId, email: 'admin@admin.com' },
      actingAs: { id: target.id, email: target.email, name: target.name },
    })
    // Not impersonating: no one acted as.
    expect(trail.items.find((entry) => entry.action === 'user.create')).toMatchObject({ actingAs: null })
  })

  it('ends by itself after an hour', async () => {
    const target = await newUser()
    const started = await viaAuth('admin', '/admin/impersonate-user', { userId: target.id })
    const cookie = cookiesOf(started.response, /session_token/)
    expect(await hasSession(cookie)).toBe(true)
    await api.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(session.userId, target.id), eq(session.impersonatedBy, adminId)))
    expect(await hasSession(cookie)).toBe(false)
  })

  it('is never stretched past its hour by the refresh of get-session', async () => {
    const target = await newUser()
    const started = await viaAuth('admin', '/admin/impersonate-user', { userId: target.id })
    const cookie = cookiesOf(started.response, /session_token/)
    const impersonation = and(eq(session.userId, target.id), eq(session.impersonatedBy, adminId))
    const [before] = await api.db.select({ expiresAt: session.expiresAt }).from(session).where(impersonation)
    expect(before!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600 * 1000)
    // Old enough for better-auth to refresh it (its update age is a day).
    await api.db
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where(impersonation)
    expect(await hasSession(cookie)).toBe(true)
    const [after] = await api.db
      .select({ expiresAt: session.expiresAt, updatedAt: session.updatedAt })
      .from(session)
      .where(impersonation)
    expect(after!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime())
  })

  it('refuses to impersonate an admin, and refuses a user and a signed-out caller', async () => {
    const otherAdmin = await newUser('admin')
    const target = await newUser()
    expect(await viaAuth('admin', '/admin/impersonate-user', { userId: otherAdmin.id })).toMatchObject({
      status: 403,
      code: 'YOU_CANNOT_IMPERSONATE_ADMINS',
    })
    expect(await viaAuth('user', '/admin/impersonate-user', { userId: target.id })).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
    })
    expect((await viaAuth('anonymous', '/admin/impersonate-user', { userId: target.id })).status).toBe(401)
    const actions = (await api.db.select().from(auditLog).where(eq(auditLog.action, 'user.impersonate'))).map(
      (row) => row.targetUserId,
    )
    expect(actions).not.toContain(otherAdmin.id)
    expect(actions).not.toContain(target.id)
  })
})

describe('user.audit', () => {
  it('shows an admin what was done to a user, newest first, with who did it', async () => {
    const target = await newUser()
    const admin = await clients('admin')
    await admin.user.ban({ id: target.id, reason: 'Trail' })
    await admin.user.unban({ id: target.id })
    const page = await admin.user.audit({ id: target.id, limit: 2 })
    expect(page.total).toBe(3)
    expect(page.items.map((entry) => entry.action)).toEqual(['user.unban', 'user.ban'])
    expect(page.items[1]).toMatchObject({
      actor: { id: adminId, email: 'admin@admin.com' },
      ip: CLIENT_IP,
      details: { reason: 'Trail' },
    })
    const rest = await admin.user.audit({ id: target.id, limit: 2, cursor: page.nextCursor! })
    expect(rest.items.map((entry) => entry.action)).toEqual(['user.create'])
    const newest = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, target.id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    expect(newest[0]!.id).toBe(page.items[0]!.id)
  })

  it('refuses a user and a signed-out caller', async () => {
    expect(await refusal((await clients('user')).user.audit({ id: adminId }))).toMatchObject({ status: 403 })
    expect((await api.rest('anonymous', 'GET', `/users/${adminId}/audit`)).status).toBe(401)
  })
})

describe('demo mode', () => {
  it('refuses every admin action of the API and of the auth service (impersonation included), and still lists', async () => {
    const demoEnv = parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'false', DEMO_MODE: 'true' })
    const demoAuth = createAuth(api.db, demoEnv)
    const cookie = (await api.cookie('admin'))!
    const admin = createRouterClient(router, {
      context: apiContext({
        headers: new Headers({ cookie }),
        db: api.db,
        auth: demoAuth,
        env: demoEnv,
        clientIp: CLIENT_IP,
      }),
    })
    const target = await newUser()
    const before = (await api.db.select().from(auditLog)).length
    expect((await admin.user.list({})).total).toBeGreaterThan(0)
    const calls = [
      admin.user.create({ name: 'Demo', email: 'demo-x@example.com', role: 'user' }),
      admin.user.update({ id: target.id, name: 'Demo', email: target.email, role: 'user' }),
      admin.user.delete({ id: target.id }),
      admin.user.setRole({ id: target.id, role: 'admin' }),
      admin.user.ban({ id: target.id, reason: '' }),
      admin.user.unban({ id: target.id }),
      admin.user.revokeSessions({ id: target.id }),
    ]
    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 403, code: 'DEMO_MODE' })
    for (const path of ['/admin/impersonate-user', '/admin/ban-user', '/admin/remove-user']) {
      const response = await handleAuthRequest(
        demoAuth,
        new Request(`${BASE_URL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE_URL, cookie },
          body: JSON.stringify({ userId: target.id }),
        }),
        CLIENT_IP,
      )
      expect(response.status).toBe(403)
      expect(((await response.json()) as { code: string }).code).toBe('DEMO_MODE')
    }
    expect(await api.db.select().from(auditLog)).toHaveLength(before)
    await expect((await api.client('admin')).user.get({ id: target.id })).resolves.toMatchObject({
      name: target.name,
      banned: false,
    })
  })
})
