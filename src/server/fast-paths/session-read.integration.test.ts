import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { session, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { plainSessionAnswer, readSession } from './session-read.server'

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
  it('keep a session until the database announces a write to that session or its user (not another)', async () => {
    const { cookie, row } = await signedIn()
    expect((await read(cookie)).result?.user.role).toBe('user')
    // A write that announces nothing (triggers off, as a replica applies changes): the kept read is served.
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(user).set({ role: 'admin' }).where(eq(user.id, row.userId))
    })
    expect((await read(cookie)).result?.user.role).toBe('user')
    // An announced write to another user, or to a book, forgets nothing of this session's (decision 043).
    await api.db
      .update(user)
      .set({ name: sql`${user.name}` })
      .where(eq(user.email, 'admin@admin.com'))
    await api.db.execute(sql`update book set title = title where id = (select id from book limit 1)`)
    expect((await read(cookie)).result?.user.role).toBe('user')
    // One to its user does.
    await api.db
      .update(user)
      .set({ name: sql`${user.name}` })
      .where(eq(user.id, row.userId))
    expect((await read(cookie)).result?.user.role).toBe('admin')
    await api.db.update(user).set({ role: 'user' }).where(eq(user.id, row.userId))
    expect((await read(cookie)).result?.user.role).toBe('user')
    // And one to its session.
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(user).set({ role: 'admin' }).where(eq(user.id, row.userId))
    })
    await api.db.execute(sql`update session set token = token where id = ${row.id}`)
    expect((await read(cookie)).result?.user.role).toBe('admin')
    await api.db.update(user).set({ role: 'user' }).where(eq(user.id, row.userId))
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

/** A ban as any writer sets it (a script, `psql`): plain SQL, none of the auth service's hooks. */
async function banInSql(userId: string, expires: 'never' | 'past' | '2 seconds') {
  const until = {
    never: sql`null`,
    past: sql`now() - interval '1 minute'`,
    '2 seconds': sql`now() + interval '2 seconds'`,
  }
  await api.db.execute(sql`update "user" set banned = true, ban_expires = ${until[expires]} where id = ${userId}`)
}

const unbanInSql = (userId: string) =>
  api.db.execute(sql`update "user" set banned = false, ban_expires = null where id = ${userId}`)

/** Every session read of the server, for one cookie: null when it opens no session. */
async function everyRead(cookie: string) {
  const headers = () => new Headers({ cookie })
  const getSession = await api.auth.api.getSession({ headers: headers() })
  const answered = await api.auth.handler(
    new Request('http://localhost:3000/api/auth/get-session', { headers: headers() }),
  )
  return {
    readSession: (await readSession(api.auth, api.db, headers()))?.session.id ?? null,
    plainSessionAnswer: (await plainSessionAnswer(api.auth, api.db, headers()))?.session.id ?? null,
    getSession: getSession?.session.id ?? null,
    handler: ((await answered.json()) as { session?: { id: string } } | null)?.session?.id ?? null,
  }
}

describe('a ban written by any writer', () => {
  // The next test signs the same person in again.
  afterEach(() => api.db.execute(sql`update "user" set banned = false, ban_expires = null where email = ${EMAIL}`))

  it('is honoured at the next request on every session read, kept or not (ban_expires in the past: no ban)', async () => {
    const { cookie, row } = await signedIn()
    const open = { readSession: row.id, plainSessionAnswer: row.id, getSession: row.id, handler: row.id }
    expect(await everyRead(cookie)).toEqual(open)
    await banInSql(row.userId, 'never')
    expect(await everyRead(cookie)).toEqual({
      readSession: null,
      plainSessionAnswer: null,
      getSession: null,
      handler: null,
    })
    await banInSql(row.userId, 'past')
    expect(await everyRead(cookie)).toEqual(open)
    await unbanInSql(row.userId)
    expect(await everyRead(cookie)).toEqual(open)
  })

  it('counts its end at every read, kept or not: a ban that runs out lets the session in again', async () => {
    const { cookie, row } = await signedIn()
    await banInSql(row.userId, '2 seconds')
    expect((await read(cookie)).result).toBeNull()
    // No write announces the end of a ban: the kept read must see it pass by itself.
    await vi.waitFor(async () => expect((await read(cookie)).result?.session.id).toBe(row.id), {
      timeout: 5000,
      interval: 100,
    })
  })

  it.runIf(inject('postgres'))("is heard from another process's connection", async () => {
    const { cookie, row } = await signedIn()
    expect((await read(cookie)).result).not.toBeNull()
    const other = new pg.Client({ connectionString: api.handle.url })
    await other.connect()
    try {
      await other.query('update "user" set banned = true where id = $1', [row.userId])
    } finally {
      await other.end()
    }
    await vi.waitFor(async () => expect((await read(cookie)).result).toBeNull(), { timeout: 5000, interval: 5 })
  })
})
