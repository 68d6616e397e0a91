import { createHmac } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { session, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { authEndpointRoutes, sessionByToken, sessionCookieRules, verifiedCookieValue } from './internals.server'

// The contract with better-auth: what internals.server.ts reads of it, checked
// against the installed version. An upgrade that changes any of it fails here.

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

const EMAIL = 'user@user.com'

/** A fresh sign-in: its Cookie header, the signed value of its session cookie, and better-auth's cookie rules. */
async function signedIn() {
  api.forget('user')
  const cookie = (await api.cookie('user'))!
  const rules = await sessionCookieRules(api.auth)
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
  return { cookie, name, signed: decodeURIComponent(value), rules }
}

const getSession = (cookie: string) => api.auth.api.getSession({ headers: new Headers({ cookie }) })

describe('the contract with better-auth (internals.server.ts)', () => {
  it('signs the session cookie with HMAC-SHA256 of the secret, over the session token', async () => {
    const { name, signed, rules } = await signedIn()
    expect(name).toBe(rules.sessionCookie)
    expect(rules.dontRememberCookie).not.toBe(rules.sessionCookie)
    const token = verifiedCookieValue(signed, rules.secret)
    expect(token).toBeDefined()
    const [row] = await sessionByToken(api.db).execute({ token: token! })
    expect(row?.user.email).toBe(EMAIL)
    // As better-call signs: value.base64(HMAC-SHA256(secret, value)); nothing else passes.
    const good = `abc.${createHmac('sha256', 'secret').update('abc').digest('base64')}`
    expect(verifiedCookieValue(good, 'secret')).toBe('abc')
    expect(verifiedCookieValue(good, 'other secret')).toBeUndefined()
    expect(verifiedCookieValue(good.replace('abc', 'abd'), 'secret')).toBeUndefined()
    expect(verifiedCookieValue('abc', 'secret')).toBeUndefined()
  })

  it('answers getSession with the session and user fields of the read by token', async () => {
    const { cookie, signed, rules } = await signedIn()
    const [row] = await sessionByToken(api.db).execute({ token: verifiedCookieValue(signed, rules.secret)! })
    const theirs = await getSession(cookie)
    expect(Object.keys(theirs!.session).sort()).toEqual(Object.keys(row!.session).sort())
    expect(Object.keys(theirs!.user).sort()).toEqual(Object.keys(row!.user).sort())
    expect(theirs!.session.id).toBe(row!.session.id)
  })

  it('extends a session at a read once refreshDue says so, and not before', async () => {
    const { cookie, signed, rules } = await signedIn()
    const token = verifiedCookieValue(signed, rules.secret)!
    const { expiresIn, updateAge } = (await api.auth.$context).sessionConfig
    const expiresAt = async () => (await sessionByToken(api.db).execute({ token }))[0]!.session.expiresAt
    const due = Date.now() + (expiresIn - updateAge) * 1000
    for (const [offset, extended] of [
      [60_000, false],
      [-60_000, true],
    ] as const) {
      const set = new Date(due + offset)
      await api.db.update(session).set({ expiresAt: set }).where(eq(session.token, token))
      expect(rules.refreshDue(set, Date.now())).toBe(extended)
      expect((await getSession(cookie))?.user.email).toBe(EMAIL)
      expect((await expiresAt()).valueOf() > set.valueOf()).toBe(extended)
    }
  })

  it('reads every session through internalAdapter.findSession (the ban filter: no session while banned)', async () => {
    const { cookie } = await signedIn()
    await api.db.update(user).set({ banned: true }).where(eq(user.email, EMAIL))
    try {
      expect(await getSession(cookie)).toBeNull()
    } finally {
      await api.db.update(user).set({ banned: false }).where(eq(user.email, EMAIL))
    }
    expect((await getSession(cookie))?.user.email).toBe(EMAIL)
  })

  it('names its HTTP endpoints by path and method on auth.api', () => {
    const routes = authEndpointRoutes(api.auth.api)
    expect(routes).toContainEqual({ path: '/get-session', methods: ['GET', 'POST'] })
    expect(routes).toContainEqual({ path: '/sign-in/email-otp', methods: ['POST'] })
    expect(routes).toContainEqual({ path: '/admin/ban-user', methods: ['POST'] })
    expect(routes.length).toBeGreaterThan(40)
  })
})
