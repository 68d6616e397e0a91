import { randomUUID } from 'node:crypto'

import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { auditLog, passkey, session, user } from '@/server/db/schema'
import { listOutbox } from '@/server/email/dev-outbox.server'
import { type ApiHarness, type Caller, createApiHarness } from '@/test/api'

const BASE_URL = 'http://localhost:3000'
/** The proof's default window: 5 minutes. */
const PROOF_MAX_AGE_SECONDS = parseEnv({}).PROOF_MAX_AGE_SECONDS
const EXPIRED = 'Session expired. Re-authenticate to perform this action.'

let api: ApiHarness
let counter = 0

beforeAll(async () => {
  api = await createApiHarness()
})

it('lasts 5 minutes unless PROOF_MAX_AGE_SECONDS says otherwise', () => {
  expect(PROOF_MAX_AGE_SECONDS).toBe(300)
  expect(parseEnv({ PROOF_MAX_AGE_SECONDS: '60' }).PROOF_MAX_AGE_SECONDS).toBe(60)
})

const emailOf = (caller: 'admin' | 'user') => (caller === 'admin' ? 'admin@admin.com' : 'user@user.com')

async function idOf(email: string) {
  return (await api.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id
}

/** The proof's clock, moved instead of waited for: `email`'s sessions were signed in just over 5 minutes ago. */
async function ageSessions(email: string) {
  const seconds = PROOF_MAX_AGE_SECONDS + 1
  await api.db
    .update(session)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(session.userId, await idOf(email)))
}

/** A new user, made by the admin (within the admin's proof), with a live session of their own. */
async function newTarget() {
  counter += 1
  const created = await (
    await api.client('admin')
  ).user.create({ name: `Target ${counter}`, email: `target-${counter}-${Date.now()}@example.com`, role: 'user' })
  await api.cookie({ email: created.email })
  return created
}

async function refusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => {
      throw new Error('expected a refusal')
    },
    (e: unknown) => e,
  )) as { status: number; message: string; data: { authCode?: string } }
  return { status: error.status, code: error.data.authCode, message: error.message }
}

/** What the target looks like: still there, its role, banned, its sessions. */
async function stateOf(id: string) {
  const [found] = await api.db.select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, id))
  const sessions = await api.db.select({ id: session.id }).from(session).where(eq(session.userId, id))
  return { found: !!found, role: found?.role, banned: found?.banned, sessions: sessions.length }
}

beforeEach(() => {
  api.forget()
})

describe('the actions that cannot be undone, without a proof of presence in the last 5 minutes', () => {
  const procedures = {
    'user.delete': (client: Awaited<ReturnType<ApiHarness['client']>>, id: string) => client.user.delete({ id }),
    'user.setRole': (client: Awaited<ReturnType<ApiHarness['client']>>, id: string) =>
      client.user.setRole({ id, role: 'admin' }),
    'user.update (role)': (client: Awaited<ReturnType<ApiHarness['client']>>, id: string) =>
      client.user.update({ id, name: 'Renamed', email: `renamed-${id}@example.com`, role: 'admin' }),
    'user.ban': (client: Awaited<ReturnType<ApiHarness['client']>>, id: string) => client.user.ban({ id }),
    'user.revokeSessions': (client: Awaited<ReturnType<ApiHarness['client']>>, id: string) =>
      client.user.revokeSessions({ id }),
  }

  for (const [name, call] of Object.entries(procedures)) {
    it(`${name}: the admin is refused with SESSION_EXPIRED, nothing changes; a user is refused as before`, async () => {
      const target = await newTarget()
      const before = await stateOf(target.id)
      await ageSessions('admin@admin.com')
      await ageSessions('user@user.com')
      expect(await refusal(call(await api.client('admin'), target.id))).toEqual({
        status: 403,
        code: 'SESSION_EXPIRED',
        message: EXPIRED,
      })
      const asUser = await refusal(call(await api.client('user'), target.id))
      expect(asUser.status).toBe(403)
      expect(asUser.code).not.toBe('SESSION_EXPIRED')
      expect(await stateOf(target.id)).toEqual(before)
    })
  }

  const routes: Record<string, (id: string) => unknown> = {
    '/admin/remove-user': (userId) => ({ userId }),
    '/admin/set-role': (userId) => ({ userId, role: 'admin' }),
    '/admin/update-user': (userId) => ({ userId, data: { role: 'admin' } }),
    '/admin/ban-user': (userId) => ({ userId }),
    '/admin/impersonate-user': (userId) => ({ userId }),
    '/admin/revoke-user-sessions': (userId) => ({ userId }),
  }
  for (const [path, body] of Object.entries(routes)) {
    it(`POST /api/auth${path}: the admin is refused with SESSION_EXPIRED, nothing changes; a user as before`, async () => {
      const target = await newTarget()
      const before = await stateOf(target.id)
      await ageSessions('admin@admin.com')
      await ageSessions('user@user.com')
      expect(await api.authPost('admin', path, body(target.id))).toMatchObject({
        status: 403,
        code: 'SESSION_EXPIRED',
        json: { message: EXPIRED },
      })
      const asUser = await api.authPost('user', path, body(target.id))
      expect(asUser.status).toBe(403)
      expect(asUser.code).not.toBe('SESSION_EXPIRED')
      expect(await stateOf(target.id)).toEqual(before)
    })
  }

  it('a name change by update-user needs no proof; the same admin, fresh, may act', async () => {
    const target = await newTarget()
    await ageSessions('admin@admin.com')
    const renamed = await api.authPost('admin', '/admin/update-user', {
      userId: target.id,
      data: { name: 'Plain Rename' },
    })
    expect(renamed.status).toBe(200)
    api.forget('admin')
    expect((await api.authPost('admin', '/admin/ban-user', { userId: target.id })).status).toBe(200)
    expect((await stateOf(target.id)).banned).toBe(true)
  })

  for (const caller of ['user', 'admin'] as const) {
    it(`deleting one's own account (${caller}): SESSION_EXPIRED, the account stays`, async () => {
      await api.cookie(caller)
      await ageSessions(emailOf(caller))
      expect(await api.authPost(caller, '/delete-user', {})).toMatchObject({ status: 403, code: 'SESSION_EXPIRED' })
      expect((await stateOf(await idOf(emailOf(caller)))).found).toBe(true)
    })
  }
})

/** A passkey row for `email` (the WebAuthn ceremony itself is proven in Chromium, e2e/passkeys.spec.ts). */
async function addPasskeyRow(email: string) {
  const id = randomUUID()
  await api.db.insert(passkey).values({
    id,
    name: 'Key',
    publicKey: 'AAAA',
    userId: await idOf(email),
    credentialID: randomUUID(),
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
  })
  return id
}

describe("removing one's last passkey", () => {
  for (const caller of ['user', 'admin'] as const) {
    it(`needs the proof (${caller}); any other passkey is removed without`, async () => {
      const email = emailOf(caller)
      await api.db.delete(passkey).where(eq(passkey.userId, await idOf(email)))
      const first = await addPasskeyRow(email)
      const second = await addPasskeyRow(email)
      await api.cookie(caller)
      await ageSessions(email)
      const client = await api.client(caller)
      expect(await client.account.removePasskey({ id: first })).toEqual({ success: true })
      expect(await refusal(client.account.removePasskey({ id: second }))).toEqual({
        status: 403,
        code: 'SESSION_EXPIRED',
        message: EXPIRED,
      })
      expect(await api.authPost(caller, '/passkey/delete-passkey', { id: second })).toMatchObject({
        status: 403,
        code: 'SESSION_EXPIRED',
      })
      expect(await api.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.id, second))).toHaveLength(1)
    })
  }
})

describe('a proof of presence by e-mail code, while signed in', () => {
  /** Signs in again by code with the current session's cookie, as the proof dialog does. */
  async function proveByCode(caller: Caller, email: string) {
    const cookie = (await api.cookie(caller))!
    const post = (path: string, body: unknown) =>
      api.auth.handler(
        new Request(`${BASE_URL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE_URL, cookie },
          body: JSON.stringify(body),
        }),
      )
    expect((await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).status).toBe(200)
    const otp = /\b(\d{6})\b/.exec(listOutbox().find((mail) => mail.to === email)!.text)![1]
    const signedIn = await post('/sign-in/email-otp', { email, otp })
    expect(signedIn.status).toBe(200)
    return signedIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => /better-auth\.session_token=./.test(pair))!
  }

  it('replaces the session with a fresh one, is recorded in the audit trail, and the action then goes through', async () => {
    const target = await newTarget()
    const adminId = await idOf('admin@admin.com')
    await ageSessions('admin@admin.com')
    const old = await api.auth.api.getSession({ headers: new Headers({ cookie: (await api.cookie('admin'))! }) })
    const fresh = await proveByCode('admin', 'admin@admin.com')

    expect(await api.db.select().from(session).where(eq(session.id, old!.session.id))).toEqual([])
    const proofs = await api.db
      .select({ details: auditLog.details, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.proof'), eq(auditLog.targetUserId, adminId)))
    expect(proofs).toContainEqual({ details: { method: 'email-code' }, actorId: adminId })

    const removed = await api.auth.handler(
      new Request(`${BASE_URL}/api/auth/admin/remove-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE_URL, cookie: fresh },
        body: JSON.stringify({ userId: target.id }),
      }),
    )
    expect(removed.status).toBe(200)
    expect((await stateOf(target.id)).found).toBe(false)
  })
})
