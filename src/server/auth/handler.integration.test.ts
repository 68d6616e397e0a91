import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { authBudget } from '@/server/db/schema'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { authDoor } from '@/server/pipeline/doors.server'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { type Auth, CLIENT_IP_HEADER, createAuth } from './auth.server'
import { handleAuthRequest, withoutTokens } from './handler.server'

const BASE_URL = 'http://localhost:3000'
let handle: TestDatabase
let auth: Auth

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = createAuth(handle.db, parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'true' }))
})
afterAll(() => clearDevMailbox())

/** A session check through the auth door, where it is answered (src/server/pipeline/doors.server.ts). */
const sessionCheck = (headers: Record<string, string> = {}) =>
  authDoor(auth)(new Request(`${BASE_URL}/api/auth/get-session`, { headers }))

function call(path: string, init: { body?: unknown; headers?: Record<string, string> } = {}, ip = '203.0.113.7') {
  const request = new Request(`${BASE_URL}/api/auth${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', origin: BASE_URL, ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  return handleAuthRequest(auth, request, ip)
}

describe('the /api/auth handler', () => {
  it('never sends a session token in a response body', async () => {
    clearDevMailbox()
    await call('/email-otp/send-verification-otp', { body: { email: 'user@user.com', type: 'sign-in' } })
    const code = /\b(\d{6})\b/.exec(listDevMailbox()[0]!.text)![1]
    const signIn = await call('/sign-in/email-otp', { body: { email: 'user@user.com', otp: code } })
    expect(signIn.status).toBe(200)
    const signInBody = await signIn.json()
    expect(signInBody.user.email).toBe('user@user.com')
    expect(JSON.stringify(signInBody)).not.toContain('"token"')

    const cookie = signIn.headers
      .getSetCookie()
      .map((h) => h.split(';')[0])
      .find((c) => c!.includes('session_token'))!
    const session = await call('/get-session', { headers: { cookie } })
    const sessionBody = await session.json()
    expect(sessionBody.session.userId).toBeTruthy()
    expect(sessionBody.session).not.toHaveProperty('token')
  })

  it('keys rate limits on the socket address, not on a client-sent header', async () => {
    await call(
      '/email-otp/send-verification-otp',
      { body: { email: 'admin@admin.com', type: 'sign-in' }, headers: { [CLIENT_IP_HEADER]: '198.51.100.99' } },
      '192.0.2.55',
    )
    const keys = (await handle.db.select({ key: authBudget.key }).from(authBudget)).map((row) => row.key)
    expect(keys.some((key) => key.includes('192.0.2.55'))).toBe(true)
    expect(keys.some((key) => key.includes('198.51.100.99'))).toBe(false)
  })

  it('strips nested tokens but keeps everything else', () => {
    expect(withoutTokens({ token: 't', sessions: [{ id: '1', token: 'x' }], user: { name: 'A' } })).toEqual({
      sessions: [{ id: '1' }],
      user: { name: 'A' },
    })
  })

  it('answers a live session’s check from one query, exactly as better-auth does', async () => {
    clearDevMailbox()
    await call('/email-otp/send-verification-otp', { body: { email: 'admin@admin.com', type: 'sign-in' } })
    const code = /\b(\d{6})\b/.exec(listDevMailbox()[0]!.text)![1]
    const signIn = await call('/sign-in/email-otp', { body: { email: 'admin@admin.com', otp: code } })
    const cookie = signIn.headers
      .getSetCookie()
      .map((h) => h.split(';')[0])
      .find((c) => c!.includes('session_token'))!

    const own = await auth.handler(new Request(`${BASE_URL}/api/auth/get-session`, { headers: { cookie } }))
    const handler = vi.spyOn(auth, 'handler')
    try {
      const fast = await sessionCheck({ cookie })
      expect(handler).not.toHaveBeenCalled()
      expect(fast.status).toBe(own.status)
      expect(fast.headers.get('content-type')).toContain('application/json')
      expect(fast.headers.get('set-cookie')).toBeNull()
      expect(own.headers.get('set-cookie')).toBeNull()
      const answer = await fast.json()
      expect(answer).toEqual(withoutTokens(await own.json()))
      expect(answer.user.email).toBe('admin@admin.com')
      expect(answer.session).not.toHaveProperty('token')
    } finally {
      handler.mockRestore()
    }
  })

  it('answers an anonymous session check as better-auth does, and never counts reads against a budget', async () => {
    const own = await auth.handler(new Request(`${BASE_URL}/api/auth/get-session`))
    const fast = await sessionCheck()
    expect(fast.status).toBe(own.status)
    expect(fast.headers.get('content-type')).toContain('application/json')
    expect(await fast.json()).toEqual(await own.json())
    // A stale or foreign better-auth cookie still goes to better-auth.
    const stale = await sessionCheck({ cookie: 'better-auth.session_token=gone.sig' })
    expect(stale.status).toBe(200)
    expect(await stale.json()).toBeNull()

    const before = (await handle.db.select({ key: authBudget.key }).from(authBudget)).length
    for (let index = 0; index < 120; index++) {
      const answer = await call(
        '/get-session',
        { headers: { cookie: 'better-auth.session_token=gone.sig' } },
        '192.0.2.80',
      )
      expect(answer.status).toBe(200)
    }
    expect((await handle.db.select({ key: authBudget.key }).from(authBudget)).length).toBe(before)
  })
})
