import { createHmac } from 'node:crypto'

import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { session, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { readSession, verifiedCookieValue } from './session-read.server'

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

const EMAIL = 'user@user.com'

/** A fresh sign-in's cookie header and its session row. */
async function signedIn() {
  api.forget('user')
  const cookie = (await api.cookie('user'))!
  const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!
  const [row] = await api.db.select().from(session).where(eq(session.token, token))
  return { cookie, token, row: row! }
}

/** readSession's answer, and whether it handed the request to better-auth's getSession. */
async function read(cookie: string | undefined) {
  const getSession = vi.spyOn(api.auth.api, 'getSession')
  try {
    const result = await readSession(api.auth, api.db, new Headers(cookie ? { cookie } : {}))
    return { result, delegated: getSession.mock.calls.length > 0 }
  } finally {
    getSession.mockRestore()
  }
}

describe('readSession', () => {
  it('reads a live session and its user in one query, as better-auth would', async () => {
    const { cookie, row } = await signedIn()
    const { result, delegated } = await read(cookie)
    expect(delegated).toBe(false)
    const expected = await api.auth.api.getSession({ headers: new Headers({ cookie }) })
    expect(result?.session.id).toBe(row.id)
    expect(result?.user).toMatchObject({
      id: expected!.user.id,
      email: EMAIL,
      role: expected!.user.role,
      banned: expected!.user.banned ?? null,
    })
    expect(result?.session.impersonatedBy ?? null).toBe(expected!.session.impersonatedBy ?? null)
  })

  it('has no session without a cookie, and leaves a forged or unknown one to better-auth (no session)', async () => {
    expect(await read(undefined)).toEqual({ result: null, delegated: false })
    const { cookie, token } = await signedIn()
    // Another last character (a random token may already end in `x`).
    const last = token.endsWith('x') ? 'y' : 'x'
    const forged = cookie.replace(encodeURIComponent(token), encodeURIComponent(`${token.slice(0, -1)}${last}`))
    expect(forged).not.toBe(cookie)
    expect(await read(forged)).toEqual({ result: null, delegated: true })
    await api.db.delete(session).where(eq(session.token, token))
    expect(await read(cookie)).toEqual({ result: null, delegated: true })
  })

  it('leaves an expired session to better-auth, which ends it', async () => {
    const { cookie, token } = await signedIn()
    await api.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token))
    expect(await read(cookie)).toEqual({ result: null, delegated: true })
    expect(await api.db.select().from(session).where(eq(session.token, token))).toEqual([])
  })

  it('leaves a session due a refresh to better-auth, which extends it', async () => {
    const { cookie, token } = await signedIn()
    const soon = new Date(Date.now() + 60_000)
    await api.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token))
    const { result, delegated } = await read(cookie)
    expect(delegated).toBe(true)
    expect(result?.user.email).toBe(EMAIL)
    const [row] = await api.db.select().from(session).where(eq(session.token, token))
    expect(row!.expiresAt.valueOf()).toBeGreaterThan(soon.valueOf())
  })

  it("sees a ban at once: the banned user's sessions are gone", async () => {
    const { cookie } = await signedIn()
    const [found] = await api.db.select({ id: user.id }).from(user).where(eq(user.email, EMAIL))
    expect((await api.authPost('admin', '/admin/ban-user', { userId: found!.id })).status).toBe(200)
    expect((await read(cookie)).result).toBeNull()
    expect((await api.authPost('admin', '/admin/unban-user', { userId: found!.id })).status).toBe(200)
  })
})

describe('kept session reads', () => {
  it('keep a session until the database announces a write to a session, a user or the page data', async () => {
    const { cookie, row } = await signedIn()
    expect((await read(cookie)).result?.user.role).toBe('user')
    // A write that announces nothing (triggers off, as a replica applies changes): the kept read is served.
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(user).set({ role: 'admin' }).where(eq(user.id, row.userId))
    })
    expect((await read(cookie)).result?.user.role).toBe('user')
    // Any announced write forgets every kept read: here one to another user.
    await api.db
      .update(user)
      .set({ name: sql`${user.name}` })
      .where(eq(user.email, 'admin@admin.com'))
    expect((await read(cookie)).result?.user.role).toBe('admin')
    await api.db.update(user).set({ role: 'user' }).where(eq(user.id, row.userId))
    expect((await read(cookie)).result?.user.role).toBe('user')
  })

  it('refuse a kept session at once after a ban, a revocation or a sign-out in this process', async () => {
    const first = await signedIn()
    expect((await read(first.cookie)).result?.session.id).toBe(first.row.id)
    expect((await api.authPost('admin', '/admin/ban-user', { userId: first.row.userId })).status).toBe(200)
    expect((await read(first.cookie)).result).toBeNull()
    expect((await api.authPost('admin', '/admin/unban-user', { userId: first.row.userId })).status).toBe(200)

    const second = await signedIn()
    expect((await read(second.cookie)).result?.session.id).toBe(second.row.id)
    const revoked = await api.authPost('admin', '/admin/revoke-user-session', { sessionToken: second.token })
    expect(revoked.status).toBe(200)
    expect((await read(second.cookie)).result).toBeNull()

    const third = await signedIn()
    expect((await read(third.cookie)).result?.session.id).toBe(third.row.id)
    await api.auth.api.signOut({ headers: new Headers({ cookie: third.cookie }) })
    expect((await read(third.cookie)).result).toBeNull()
  })

  it.runIf(inject('postgres'))("hear another process's write", async () => {
    const { cookie, token } = await signedIn()
    expect((await read(cookie)).result).not.toBeNull()
    const other = new pg.Client({ connectionString: api.handle.url })
    await other.connect()
    try {
      await other.query('delete from session where token = $1', [token])
    } finally {
      await other.end()
    }
    await vi.waitFor(async () => expect((await read(cookie)).result).toBeNull(), { timeout: 5000, interval: 5 })
  })
})

describe('signed cookies', () => {
  it("accepts only the secret's HMAC-SHA256 signature", () => {
    // Signed as better-call does: value.base64(HMAC-SHA256(secret, value)).
    const good = `abc.${createHmac('sha256', 'secret').update('abc').digest('base64')}`
    expect(verifiedCookieValue(good, 'secret')).toBe('abc')
    expect(verifiedCookieValue(good, 'other secret')).toBeUndefined()
    expect(verifiedCookieValue(good.replace('abc', 'abd'), 'secret')).toBeUndefined()
    expect(verifiedCookieValue('abc', 'secret')).toBeUndefined()
  })
})
