import { randomUUID } from 'node:crypto'

import { RPCHandler } from '@orpc/server/fetch'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { RPC_PREFIX } from '@/server/api/handlers.server'
import { router } from '@/server/api/router.server'
import { auditLog, passkey, session, sessionProof, user } from '@/server/db/schema'
import { listDevMailbox } from '@/server/email/dev-mailbox.server'
import { type ApiHarness, type Caller, createApiHarness } from '@/test/api'

const BASE_URL = 'http://localhost:3000'
/** The proof's defaults: open 15 minutes past the sign-in or the last protected action, 2 hours at most. */
const { PROOF_WINDOW_SECONDS, PROOF_MAX_AGE_SECONDS } = parseEnv({})
const EXPIRED = 'Session expired. Re-authenticate to perform this action.'

let api: ApiHarness
let counter = 0

beforeAll(async () => {
  api = await createApiHarness()
})

it('stays open 15 minutes, 2 hours at most, unless PROOF_WINDOW_SECONDS and PROOF_MAX_AGE_SECONDS say otherwise', () => {
  expect(PROOF_WINDOW_SECONDS).toBe(15 * 60)
  expect(PROOF_MAX_AGE_SECONDS).toBe(2 * 60 * 60)
  expect(parseEnv({ PROOF_WINDOW_SECONDS: '60', PROOF_MAX_AGE_SECONDS: '600' })).toMatchObject({
    PROOF_WINDOW_SECONDS: 60,
    PROOF_MAX_AGE_SECONDS: 600,
  })
  expect(() => parseEnv({ PROOF_WINDOW_SECONDS: '0' })).toThrow('PROOF_WINDOW_SECONDS must be at least 1')
})

const emailOf = (caller: 'admin' | 'user') => (caller === 'admin' ? 'admin@admin.com' : 'user@user.com')

async function idOf(email: string) {
  return (await api.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id
}

/**
 * The proof's clock, moved instead of waited for: `email`'s sessions were
 * signed in `seconds` ago (by default just past the window) and have done
 * nothing protected since.
 */
async function ageSessions(email: string, seconds = PROOF_WINDOW_SECONDS + 1) {
  const sessions = await api.db
    .update(session)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(session.userId, await idOf(email)))
    .returning({ id: session.id })
  for (const { id } of sessions) await api.db.delete(sessionProof).where(eq(sessionProof.sessionId, id))
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
  const [found] = await api.db
    .select({ role: user.role, banned: user.banned, email: user.email })
    .from(user)
    .where(eq(user.id, id))
  const sessions = await api.db.select({ id: session.id }).from(session).where(eq(session.userId, id))
  return { found: !!found, role: found?.role, banned: found?.banned, email: found?.email, sessions: sessions.length }
}

beforeEach(() => {
  api.forget()
})

describe('the actions that need a proof of presence, once the proof is closed', () => {
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
    const otp = /\b(\d{6})\b/.exec(listDevMailbox().find((mail) => mail.to === email)!.text)![1]
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

describe('issue 38: every route that changes another account, or makes an admin, needs the proof', () => {
  type Client = Awaited<ReturnType<ApiHarness['client']>>
  const routes: Record<string, { action: string; body: (id: string) => Record<string, unknown> }> = {
    "admin/update-user: another account's e-mail": {
      action: 'changeUserEmail',
      body: (userId) => ({ userId, data: { email: `moved-${userId}@example.net` } }),
    },
    'admin/update-user: a ban': { action: 'banUser', body: (userId) => ({ userId, data: { banned: true } }) },
    'admin/update-user: a role and an e-mail': {
      action: 'updateUser',
      body: (userId) => ({ userId, data: { role: 'admin', email: `moved-${userId}@example.net` } }),
    },
  }
  for (const [name, { action, body }] of Object.entries(routes)) {
    it(`${name}: a stale admin session is refused, naming the action; nothing changes`, async () => {
      const target = await newTarget()
      const before = await stateOf(target.id)
      await ageSessions('admin@admin.com')
      expect(await api.authPost('admin', '/admin/update-user', body(target.id))).toMatchObject({
        status: 403,
        code: 'SESSION_EXPIRED',
        json: { message: EXPIRED, proofAction: action },
      })
      expect(await stateOf(target.id)).toEqual(before)
    })
  }

  it("the chain: a stale admin cookie cannot re-point the admin's own e-mail", async () => {
    const adminId = await idOf('admin@admin.com')
    await api.cookie('admin')
    await ageSessions('admin@admin.com')
    const moved = await api.authPost('admin', '/admin/update-user', {
      userId: adminId,
      data: { email: 'outside@attacker.example' },
    })
    expect(moved).toMatchObject({ status: 403, code: 'SESSION_EXPIRED' })
    expect((await stateOf(adminId)).email).toBe('admin@admin.com')
  })

  it('admin/create-user with the admin role: refused when stale, no account made; with the default role it is ordinary', async () => {
    await api.cookie('admin')
    await ageSessions('admin@admin.com')
    const email = `made-admin-${Date.now()}@example.com`
    expect(
      await api.authPost('admin', '/admin/create-user', { email, name: 'Made Admin', role: 'admin' }),
    ).toMatchObject({ status: 403, code: 'SESSION_EXPIRED', json: { proofAction: 'createPrivilegedUser' } })
    expect(
      await api.authPost('admin', '/admin/create-user', { email, name: 'Made Admin', data: { role: 'admin' } }),
    ).toMatchObject({ status: 403, code: 'SESSION_EXPIRED' })
    expect(await api.db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([])
    const plain = await api.authPost('admin', '/admin/create-user', { email, name: 'Plain User', role: 'user' })
    expect(plain.status).toBe(200)
  })

  const procedures: Record<string, { action: string; call: (client: Client, id: string) => Promise<unknown> }> = {
    'user.update (e-mail only)': {
      action: 'changeUserEmail',
      call: (client, id) => client.user.update({ id, name: 'Target', email: `moved-${id}@example.net`, role: 'user' }),
    },
    'user.create (admin)': {
      action: 'createPrivilegedUser',
      call: (client) =>
        client.user.create({ name: 'New Admin', email: `new-admin-${Date.now()}@example.com`, role: 'admin' }),
    },
    'user.removePasskey': {
      action: 'removeUserPasskey',
      call: async (client, id) => {
        const [row] = await api.db.select({ email: user.email }).from(user).where(eq(user.id, id))
        return client.user.removePasskey({ id, passkeyId: await addPasskeyRow(row!.email) })
      },
    },
    'user.revokeSession': {
      action: 'revokeUserSessions',
      call: async (client, id) => {
        const [one] = await api.db.select({ id: session.id }).from(session).where(eq(session.userId, id))
        return client.user.revokeSession({ id, sessionId: one!.id })
      },
    },
    'user.delete': { action: 'deleteUser', call: (client, id) => client.user.delete({ id }) },
  }
  for (const [name, { action, call }] of Object.entries(procedures)) {
    it(`${name}: a stale admin is refused with SESSION_EXPIRED naming '${action}'; nothing changes`, async () => {
      const target = await newTarget()
      const before = await stateOf(target.id)
      const passkeysBefore = await api.db.select({ id: passkey.id }).from(passkey)
      await ageSessions('admin@admin.com')
      const error = (await call(await api.client('admin'), target.id).then(
        () => {
          throw new Error('expected a refusal')
        },
        (e: unknown) => e,
      )) as { status: number; data: { authCode?: string; proofAction?: string } }
      expect(error.status).toBe(403)
      expect(error.data).toMatchObject({ authCode: 'SESSION_EXPIRED', proofAction: action })
      expect(await stateOf(target.id)).toEqual(before)
      expect((await api.db.select({ id: passkey.id }).from(passkey)).length).toBeLessThanOrEqual(
        passkeysBefore.length + 1,
      )
    })
  }

  it('a rename by user.update needs no proof', async () => {
    const target = await newTarget()
    await ageSessions('admin@admin.com')
    const renamed = await (
      await api.client('admin')
    ).user.update({ id: target.id, name: 'Renamed Stale', email: target.email, role: 'user' })
    expect(renamed.name).toBe('Renamed Stale')
  })

  it("an admin's change of e-mail tells the old address (and the new one)", async () => {
    const target = await newTarget()
    api.forget('admin')
    const newEmail = `changed-${target.id}@example.net`.toLowerCase()
    await (await api.client('admin')).user.update({ id: target.id, name: target.name, email: newEmail, role: 'user' })
    expect((await stateOf(target.id)).email).toBe(newEmail)
    const toOld = listDevMailbox().find((mail) => mail.to === target.email)
    expect(toOld?.subject).toBe('The e-mail address of your Start Books account was changed')
    expect(toOld?.text).toContain(newEmail)
    expect(listDevMailbox().some((mail) => mail.to === newEmail)).toBe(true)
  })
})

describe('the proof stays open while it is used (sudo mode), up to its cap', () => {
  /** When `email`'s sessions signed in and last did something protected, in seconds ago. */
  async function setClock(email: string, signedIn: number, lastUsed?: number) {
    const sessions = await api.db
      .update(session)
      .set({ createdAt: sql`now() - make_interval(secs => ${signedIn})` })
      .where(eq(session.userId, await idOf(email)))
      .returning({ id: session.id })
    for (const { id } of sessions) {
      if (lastUsed === undefined) await api.db.delete(sessionProof).where(eq(sessionProof.sessionId, id))
      else
        await api.db
          .update(sessionProof)
          .set({ usedAt: sql`now() - make_interval(secs => ${lastUsed})` })
          .where(eq(sessionProof.sessionId, id))
    }
  }

  it('each protected action keeps it open one more window; idle past the window, or past the cap, it is closed', async () => {
    const target = await newTarget()
    // A client per request, as each request of a browser reads the session anew.
    const setRole = async (role: 'admin' | 'user') => (await api.client('admin')).user.setRole({ id: target.id, role })
    // Signed in 14 minutes ago: still open, and this action keeps it open.
    await setClock('admin@admin.com', PROOF_WINDOW_SECONDS - 60)
    await setRole('admin')
    // Signed in 45 minutes ago, the last protected action just now: open.
    await setClock('admin@admin.com', PROOF_WINDOW_SECONDS * 3, 0)
    await setRole('user')
    // The last protected action 16 minutes ago: closed.
    await setClock('admin@admin.com', PROOF_WINDOW_SECONDS * 3, PROOF_WINDOW_SECONDS + 60)
    expect(await refusal(setRole('admin'))).toMatchObject({ status: 403, code: 'SESSION_EXPIRED' })
    // Used a second ago, but signed in more than 2 hours ago: closed, whatever is done.
    await setClock('admin@admin.com', PROOF_MAX_AGE_SECONDS + 1, 1)
    expect(await refusal(setRole('admin'))).toMatchObject({ status: 403, code: 'SESSION_EXPIRED' })
    expect(await api.authPost('admin', '/admin/set-role', { userId: target.id, role: 'admin' })).toMatchObject({
      status: 403,
      code: 'SESSION_EXPIRED',
    })
    expect((await stateOf(target.id)).role).toBe('user')
  })
})

describe('while an admin impersonates a user', () => {
  /** The session cookie of the admin acting as a new user (the admin's proof is fresh). */
  async function impersonating() {
    const target = await newTarget()
    api.forget('admin')
    const started = await api.authPost('admin', '/admin/impersonate-user', { userId: target.id })
    expect(started.status).toBe(200)
    const cookie = started.response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => /^better-auth\.session_token=./.test(pair))!
    return { target, cookie }
  }

  /** An /api/rpc call with `cookie`, in `language`. */
  async function rpcAs(cookie: string, language: string, path: string, input: unknown) {
    const headers = new Headers({ 'content-type': 'application/json', cookie, 'accept-language': language })
    const request = new Request(`${BASE_URL}${RPC_PREFIX}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ json: input }),
    })
    const context = apiContext({ headers, db: api.db, auth: api.auth, env: parseEnv({ NODE_ENV: 'test', BASE_URL }) })
    return (await new RPCHandler(router).handle(request, { prefix: RPC_PREFIX, context })).response!
  }

  const send = (cookie: string, method: string, path: string, body?: unknown) =>
    api.auth.handler(
      new Request(`${BASE_URL}/api/auth${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: BASE_URL, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )

  it("the user's account, e-mail and passkeys are refused with NOT_WHILE_IMPERSONATING, nothing done", async () => {
    const { target, cookie } = await impersonating()
    const key = await addPasskeyRow(target.email)
    const refused = [
      await send(cookie, 'POST', '/delete-user', {}),
      await send(cookie, 'POST', '/email-otp/request-email-change', { newEmail: `elsewhere-${target.id}@example.net` }),
      await send(cookie, 'GET', '/passkey/generate-register-options'),
      await send(cookie, 'POST', '/passkey/delete-passkey', { id: key }),
      await send(cookie, 'POST', '/passkey/update-passkey', { id: key, name: 'Renamed' }),
    ]
    for (const response of refused) {
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 'NOT_WHILE_IMPERSONATING' })
    }
    expect(await stateOf(target.id)).toMatchObject({ found: true, email: target.email })
    expect(await api.db.select({ name: passkey.name }).from(passkey).where(eq(passkey.id, key))).toEqual([
      { name: 'Key' },
    ])
  })

  it('through the app API too, with a translated message', async () => {
    const { target, cookie } = await impersonating()
    const key = await addPasskeyRow(target.email)
    for (const [language, message] of [
      ['en', 'Not allowed while impersonating a user: stop impersonating to do this.'],
      ['fr', "Impossible pendant l'usurpation d'identité d'un utilisateur : arrêtez l'usurpation pour le faire."],
    ] as const) {
      const response = await rpcAs(cookie, language, '/account/removePasskey', { id: key })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({
        json: { message, data: { authCode: 'NOT_WHILE_IMPERSONATING' } },
      })
    }
    expect(await api.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.id, key))).toHaveLength(1)
  })
})
