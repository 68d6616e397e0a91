import { createRouterClient } from '@orpc/server'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import { session, user } from '@/server/db/schema'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { authRequests, errorCode, readCode, signInWithCode, TEST_BASE_URL } from '@/test/auth-requests'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { type Auth, createAuth } from './auth.server'
import { handleAuthRequest } from './handler.server'

/**
 * The server side of issue 4: the two login variants, the account page's
 * actions through /api/auth (name rule, change of e-mail, deletion with a
 * fresh session) and the sessions listed and revoked by id.
 */
let handle: TestDatabase
let auth: Auth
let loginOnly: Auth
const env = parseEnv({ NODE_ENV: 'test', BASE_URL: TEST_BASE_URL, RATE_LIMIT: 'false' })

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = createAuth(handle.db, env)
  loginOnly = createAuth(
    handle.db,
    parseEnv({ NODE_ENV: 'test', BASE_URL: TEST_BASE_URL, RATE_LIMIT: 'false', AUTH_SIGNUP: 'false' }),
  )
})

beforeEach(() => clearDevMailbox())

const api = authRequests(() => auth)
const withCookie = (cookie: string) => ({ headers: { cookie } })

async function userRow(email: string) {
  const [row] = await handle.db.select().from(user).where(eq(user.email, email))
  return row
}

/** Pretend the sessions of `email` were opened `seconds` ago. */
async function ageSessions(email: string, seconds: number) {
  const row = await userRow(email)
  await handle.db
    .update(session)
    .set({ createdAt: sql`${session.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(session.userId, row!.id))
}

describe('login variants', () => {
  it('login or sign up (default): an unknown address gets a code and an account', async () => {
    const cookie = await signInWithCode(api, 'variant-new@example.com')
    expect(cookie).toBeTruthy()
    expect(await userRow('variant-new@example.com')).toMatchObject({ onboardedAt: null })
  })

  it('login only (AUTH_SIGNUP=false): an unknown address gets SIGNUP_DISABLED, no code, no account', async () => {
    const only = authRequests(() => loginOnly)
    const sent = await only.post('/email-otp/send-verification-otp', {
      body: { email: 'variant-unknown@example.com', type: 'sign-in' },
    })
    expect(sent.status).toBe(403)
    expect(await errorCode(sent)).toBe('SIGNUP_DISABLED')
    expect(listDevMailbox()).toEqual([])
    const signIn = await only.post('/sign-in/email-otp', {
      body: { email: 'variant-unknown@example.com', otp: '123456' },
    })
    expect(signIn.status).toBe(400)
    expect(await userRow('variant-unknown@example.com')).toBeUndefined()

    // An existing account signs in as before.
    expect(await signInWithCode(only, 'user@user.com')).toBeTruthy()
  })
})

describe('change of name (/update-user)', () => {
  it('applies the onboarding rule: Name is required, Name is invalid; trims', async () => {
    const cookie = await signInWithCode(api, 'zara.okafor@example.com')
    for (const [name, code] of [
      ['', 'NAME_REQUIRED'],
      ['   ', 'NAME_REQUIRED'],
      ['<b>x</b>', 'NAME_INVALID'],
      ['a'.repeat(101), 'NAME_INVALID'],
      ['line\nbreak', 'NAME_INVALID'],
    ] as const) {
      const response = await api.post('/update-user', { body: { name }, ...withCookie(cookie) })
      expect(response.status, JSON.stringify(name)).toBe(400)
      expect(await errorCode(response)).toBe(code)
    }
    const ok = await api.post('/update-user', { body: { name: '  Zara O.  ' }, ...withCookie(cookie) })
    expect(ok.status).toBe(200)
    expect((await userRow('zara.okafor@example.com'))?.name).toBe('Zara O.')
  })

  it('cannot set the onboarding time or the role', async () => {
    const cookie = await signInWithCode(api, 'variant-new@example.com')
    const response = await api.post('/update-user', {
      body: { name: 'Sneaky', onboardedAt: new Date().toISOString(), role: 'admin' },
      ...withCookie(cookie),
    })
    expect(response.status).toBe(400)
    expect(await userRow('variant-new@example.com')).toMatchObject({ onboardedAt: null, role: 'user' })
  })
})

describe('change of e-mail by a code sent to the new address', () => {
  it('refuses an address in use with EMAIL_ALREADY_USED and sends nothing', async () => {
    const cookie = await signInWithCode(api, 'yusuf.haddad@example.com')
    clearDevMailbox()
    const response = await api.post('/email-otp/request-email-change', {
      body: { newEmail: 'User@User.com' },
      ...withCookie(cookie),
    })
    expect(response.status).toBe(400)
    expect(await errorCode(response)).toBe('EMAIL_ALREADY_USED')
    expect(listDevMailbox()).toEqual([])
  })

  it('says nothing about addresses without a session', async () => {
    const response = await api.post('/email-otp/request-email-change', { body: { newEmail: 'user@user.com' } })
    expect(response.status).toBe(401)
  })

  it('changes the address once the code sent to the new one is given', async () => {
    const cookie = await signInWithCode(api, 'yusuf.haddad@example.com')
    clearDevMailbox()
    const newEmail = 'yusuf.new@example.com'
    const requested = await api.post('/email-otp/request-email-change', { body: { newEmail }, ...withCookie(cookie) })
    expect(requested.status, await requested.clone().text()).toBe(200)
    const [mail] = listDevMailbox()
    expect(mail?.to).toBe(newEmail)
    expect(mail?.subject).toMatch(/confirm your new e-mail/)

    const wrong = await api.post('/email-otp/change-email', {
      body: { newEmail, otp: '000000' },
      ...withCookie(cookie),
    })
    expect(await errorCode(wrong)).toBe('INVALID_OTP')
    const changed = await api.post('/email-otp/change-email', {
      body: { newEmail, otp: readCode(newEmail) },
      ...withCookie(cookie),
    })
    expect(changed.status, await changed.clone().text()).toBe(200)
    expect(await userRow('yusuf.haddad@example.com')).toBeUndefined()
    expect(await userRow(newEmail)).toMatchObject({ emailVerified: true })
  })

  it('needs a proof of presence: SESSION_EXPIRED once it is closed', async () => {
    const cookie = await signInWithCode(api, 'xavier.dubois@example.com')
    await ageSessions('xavier.dubois@example.com', env.PROOF_MAX_AGE_SECONDS + 60)
    const response = await api.post('/email-otp/request-email-change', {
      body: { newEmail: 'xavier.new@example.com' },
      ...withCookie(cookie),
    })
    expect(response.status).toBe(403)
    expect(await errorCode(response)).toBe('SESSION_EXPIRED')
  })
})

describe('deletion of one’s own account', () => {
  it('needs a fresh session (SESSION_EXPIRED), then deletes the user and their sessions', async () => {
    const email = 'wendy.mensah@example.com'
    const cookie = await signInWithCode(api, email)
    await ageSessions(email, env.PROOF_MAX_AGE_SECONDS + 60)
    const stale = await api.post('/delete-user', { body: {}, ...withCookie(cookie) })
    expect(await errorCode(stale)).toBe('SESSION_EXPIRED')
    expect(await userRow(email)).toBeDefined()

    const fresh = await signInWithCode(api, email)
    const { id } = (await userRow(email))!
    const deleted = await api.post('/delete-user', { body: {}, ...withCookie(fresh) })
    expect(deleted.status, await deleted.clone().text()).toBe(200)
    expect(await userRow(email)).toBeUndefined()
    expect(await handle.db.select().from(session).where(eq(session.userId, id))).toEqual([])
  })
})

describe('own sessions, by id', () => {
  /** The account procedures of the app API, as the holder of `cookie`. */
  const account = (cookie: string) =>
    createRouterClient(router, {
      context: apiContext({
        headers: new Headers({ cookie, origin: TEST_BASE_URL }),
        db: handle.db,
        auth,
        env,
        clientIp: '127.0.0.1',
      }),
    }).account
  /** The caller's sessions, or null when the cookie opens none. */
  const listOwnSessions = (cookie: string) =>
    account(cookie)
      .sessions()
      .catch((error: { status?: number }) => {
        if (error.status === 401) return null
        throw error
      })
  const revokeOwnSession = (cookie: string, id: string) => account(cookie).revokeSession({ id })

  it('lists the active sessions with their device, the current one marked, never a token', async () => {
    const email = 'victor.nguyen@example.com'
    const phone = await api.post('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } })
    expect(phone.status).toBe(200)
    const phoneSignIn = await api.post('/sign-in/email-otp', {
      body: { email, otp: readCode(email) },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      },
    })
    expect(phoneSignIn.status).toBe(200)
    const desktop = await signInWithCode(api, email)

    const sessions = await listOwnSessions(desktop)
    expect(sessions).toHaveLength(2)
    expect(sessions!.filter((entry) => entry.current)).toHaveLength(1)
    const mobile = sessions!.find((entry) => entry.device.type === 'mobile')
    expect(mobile?.device).toEqual({ browser: 'Mobile Chrome 126', os: 'Android 14', type: 'mobile' })
    expect(JSON.stringify(sessions)).not.toMatch(/token/i)
    for (const entry of sessions!)
      expect(Object.keys(entry).sort()).toEqual(['createdAt', 'current', 'device', 'expiresAt', 'id', 'updatedAt'])
    expect(await listOwnSessions('better-auth.session_token=forged')).toBeNull()
  })

  it('revokes another session of one’s own by id, and nothing else', async () => {
    const email = 'ursula.kim@example.com'
    const first = await signInWithCode(api, email)
    const second = await signInWithCode(api, email)
    const other = await signInWithCode(api, 'someone.else@example.com')
    const mine = (await listOwnSessions(second))!
    const firstId = mine.find((entry) => !entry.current)!.id
    const currentId = mine.find((entry) => entry.current)!.id
    const othersId = (await listOwnSessions(other))!.find((entry) => entry.current)!.id

    // Another user's session, the current one, an unknown id: refused.
    await expect(revokeOwnSession(second, othersId)).rejects.toMatchObject({ status: 404 })
    await expect(revokeOwnSession(second, currentId)).rejects.toMatchObject({ status: 404 })
    await expect(revokeOwnSession(second, 'nope')).rejects.toMatchObject({ status: 404 })
    await expect(revokeOwnSession('x=y', firstId)).rejects.toMatchObject({ status: 401 })
    expect(await listOwnSessions(other)).toHaveLength(1)

    await revokeOwnSession(second, firstId)
    expect(await listOwnSessions(first)).toBeNull()
    expect((await listOwnSessions(second))!.map((entry) => entry.id)).toEqual([currentId])
  })

  it('signs all other devices out with /revoke-other-sessions; answers carry no token', async () => {
    const email = 'tomas.silva@example.com'
    const first = await signInWithCode(api, email)
    const current = await signInWithCode(api, email)
    const request = (path: string, init: RequestInit) =>
      handleAuthRequest(
        auth,
        new Request(`${TEST_BASE_URL}/api/auth${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, cookie: current },
        }),
        '127.0.0.1',
      )
    const listed = await request('/list-sessions', { method: 'GET' })
    expect(listed.status).toBe(200)
    expect(await listed.text()).not.toMatch(/"token"/)
    const revoked = await request('/revoke-other-sessions', { method: 'POST', body: '{}' })
    expect(revoked.status).toBe(200)
    expect(await listOwnSessions(first)).toBeNull()
    expect(await listOwnSessions(current)).toHaveLength(1)
  })
})
