import { randomUUID } from 'node:crypto'

import { eq, like } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { authErrorMessage } from '@/lib/auth/auth-errors'
import { parseEnv } from '@/lib/env.server'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import { authBudget, passkey, user } from '@/server/db/schema'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { authRequests, errorCode, readCode, sessionCookie, signInWithCode } from '@/test/auth-requests'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { type Auth, CLIENT_IP_HEADER, createAuth } from './auth.server'
import { BUDGETS, budgetStore } from './budgets.server'

/**
 * The sign-in budgets (budgets.server.ts) through /api/auth, with a clock the
 * tests move (no sleeps), on the test database (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL).
 */
const BASE_URL = 'http://localhost:3000'
const MINUTE = 60_000
const HOUR = 60 * MINUTE

let handle: TestDatabase
let auth: Auth
let now = Date.parse('2026-03-02T08:00:00Z')
const clock = () => now

beforeAll(async () => {
  handle = await createTestDatabase()
  auth = createAuth(handle.db, parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'true' }), { clock })
})

beforeEach(async () => {
  clearDevMailbox()
  // Each test starts a day later: the counters of the tests before are out of every window.
  now += 2 * 24 * HOUR
  await handle.db.delete(authBudget)
})

const api = authRequests(() => auth)

function send(email: string, ip: string, type = 'sign-in') {
  return api.post('/email-otp/send-verification-otp', { body: { email, type }, headers: { [CLIENT_IP_HEADER]: ip } })
}

function signIn(email: string, otp: string, ip: string) {
  return api.post('/sign-in/email-otp', { body: { email, otp }, headers: { [CLIENT_IP_HEADER]: ip } })
}

/** A different client address for each n: many machines. */
const ipOf = (n: number) => `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`

async function expectRefused(response: Response, maxSeconds: number) {
  expect(response.status, await response.clone().text()).toBe(429)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  const body = (await response.json()) as { code: string; retryAfter: number }
  expect(body.code).toBe('TOO_MANY_REQUESTS')
  expect(body.retryAfter).toBe(retryAfter)
  return retryAfter
}

const mailsTo = (email: string) => listDevMailbox().filter((mail) => mail.to === email).length

describe('codes e-mailed to one address', () => {
  it(`sends at most ${BUDGETS.codesPerAddress.limit} an hour, whatever the client address, on a rolling hour`, async () => {
    const email = 'amina.ali@example.com'
    const start = now
    for (let i = 0; i < 5; i++) {
      expect((await send(email, ipOf(i))).status).toBe(200)
      now += 10 * MINUTE
    }
    // 50 minutes after the first: the sixth waits for the first to leave the hour.
    expect(await expectRefused(await send(email, ipOf(10)), 600)).toBe(600)
    now = start + 59 * MINUTE
    expect(await expectRefused(await send(email, ipOf(11)), 60)).toBe(60)
    expect(mailsTo(email)).toBe(5)
    // Refusals did not push the window back: an hour after the first, one more.
    now = start + HOUR
    expect((await send(email, ipOf(12))).status).toBe(200)
    expect((await send(email, ipOf(13))).status).toBe(429)
    expect(mailsTo(email)).toBe(6)
  })

  it('counts addresses as better-auth compares them (case, spaces)', async () => {
    for (const email of [
      'Bruno.Ali@example.com',
      'bruno.ali@example.com ',
      'BRUNO.ALI@EXAMPLE.COM',
      'bruno.ali@example.com',
      'bruno.ali@example.com',
    ]) {
      await send(email, ipOf(1))
    }
    expect((await send('bruno.ali@Example.com', ipOf(2))).status).toBe(429)
  })

  it('counts a +tag with its mailbox: victim+1@, victim+2@ … share the five codes of victim@', async () => {
    const sent = [
      'chloe.ito+1@example.com',
      'Chloe.Ito+2@example.com',
      'chloe.ito@example.com',
      'chloe.ito+@example.com',
    ]
    for (const email of sent) expect((await send(email, ipOf(sent.indexOf(email)))).status).toBe(200)
    expect((await send('chloe.ito+bills@example.com', ipOf(20))).status).toBe(200)
    await expectRefused(await send('chloe.ito+3@example.com', ipOf(21)), 3600)
    await expectRefused(await send('chloe.ito@example.com', ipOf(22)), 3600)
    // Dots still make another address (as today), and so does another domain.
    expect((await send('chloeito+1@example.com', ipOf(23))).status).toBe(200)
    expect((await send('chloe.ito+1@example.org', ipOf(24))).status).toBe(200)
  })

  it('of many concurrent sends to one address, exactly 5 go through', async () => {
    const email = 'grace.chen@example.com'
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(email, ipOf(i)).then((r) => r.status)))
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
    expect(mailsTo(email)).toBe(5)
  })

  it('is shared by every instance on the database', async () => {
    const other = authRequests(() =>
      createAuth(handle.db, parseEnv({ NODE_ENV: 'test', BASE_URL, RATE_LIMIT: 'true' }), { clock }),
    )
    for (let i = 0; i < 5; i++) expect((await send('user@user.com', ipOf(i))).status).toBe(200)
    const response = await other.post('/email-otp/send-verification-otp', {
      body: { email: 'user@user.com', type: 'sign-in' },
      headers: { [CLIENT_IP_HEADER]: ipOf(99) },
    })
    expect(response.status).toBe(429)
  })
})

describe('failed tries at the codes of one address', () => {
  const email = 'user@user.com'
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it(`refuses the ${BUDGETS.guessesPerAddress.limit + 1}th failed try within 6 hours from any client, even with the right code; a new code does not reset it`, async () => {
    let tries = 0
    while (tries < BUDGETS.guessesPerAddress.limit) {
      clearDevMailbox()
      expect((await send(email, ipOf(tries))).status).toBe(200)
      const code = readCode(email)
      // Three tries per code (then the code is gone), each from another machine.
      for (let i = 0; i < 3 && tries < BUDGETS.guessesPerAddress.limit; i++, tries++) {
        expect(await errorCode(await signIn(email, wrong(code), ipOf(100 + tries)))).toBe('INVALID_OTP')
      }
      now += MINUTE
    }
    clearDevMailbox()
    expect((await send(email, ipOf(200))).status).toBe(200)
    const fresh = readCode(email)
    await expectRefused(await signIn(email, fresh, ipOf(201)), 6 * 60 * 60)
    await expectRefused(
      await api.post('/email-otp/check-verification-otp', {
        body: { email, otp: fresh, type: 'sign-in' },
        headers: { [CLIENT_IP_HEADER]: ipOf(202) },
      }),
      6 * 60 * 60,
    )

    // Six hours after the first failed try, tries are possible again.
    now += 6 * HOUR
    expect((await signIn(email, fresh, ipOf(203))).status).toBe(200)
  })

  it('counts the failed tries at a +tag with its mailbox', async () => {
    const tagged = (n: number) => `user+${n}@user.com`
    let tries = 0
    for (let n = 0; tries < BUDGETS.guessesPerAddress.limit; n++) {
      clearDevMailbox()
      now += HOUR // a fresh hour of codes for each tag's code
      expect((await send(tagged(n), ipOf(n))).status).toBe(200)
      const code = readCode(tagged(n))
      for (let i = 0; i < 3 && tries < BUDGETS.guessesPerAddress.limit; i++, tries++) {
        expect(await errorCode(await signIn(tagged(n), wrong(code), ipOf(100 + tries)))).toBe('INVALID_OTP')
      }
    }
    clearDevMailbox()
    now += HOUR
    expect((await send(email, ipOf(200))).status).toBe(200)
    await expectRefused(await signIn(email, readCode(email), ipOf(201)), 6 * 60 * 60)
  })

  it('does not count a right code', async () => {
    for (let i = 0; i < BUDGETS.guessesPerAddress.limit + 2; i++) {
      clearDevMailbox()
      expect((await send(email, ipOf(i))).status).toBe(200)
      const response = await signIn(email, readCode(email), ipOf(i))
      expect(response.status).toBe(200)
      sessionCookie(response)
      // Within the hour's 5 codes.
      now += 15 * MINUTE
    }
  })

  it('leaves at most 40 tries a day to an attacker with any number of machines: odds below 1 in 10,000', async () => {
    // Every 5 minutes for a day, a try from a new machine; a new code whenever one can be had.
    const start = now
    let evaluated = 0
    let code: string | undefined
    let triesOnCode = 0
    for (let step = 0; now < start + 24 * HOUR; step++, now += 5 * MINUTE) {
      if (!code || triesOnCode >= 3) {
        clearDevMailbox()
        if ((await send(email, ipOf(step))).status === 200) {
          code = readCode(email)
          triesOnCode = 0
        }
      }
      if (!code) continue
      const response = await signIn(email, wrong(code), ipOf(1000 + step))
      if (response.status !== 429) {
        evaluated++
        triesOnCode++
      }
    }
    // Each try is right with a chance of 1 in 1,000,000 (6 digits).
    expect(evaluated).toBeLessThanOrEqual(40)
    expect(evaluated / 1_000_000).toBeLessThan(1 / 10_000)
    console.info(
      `failed tries at one address in 24 hours: ${evaluated}; odds of a guess: 1 in ${Math.round(1_000_000 / evaluated)}`,
    )
  })
})

describe('one client address (an office behind a NAT, a load balancer, a spraying machine)', () => {
  it('lets 50 people behind one address sign in within the same minute', async () => {
    const ip = '203.0.113.50'
    const people = Array.from({ length: 50 }, (_, i) => `office.${i}@example.com`)
    for (const email of people) {
      expect((await send(email, ip)).status, email).toBe(200)
      now += 500
    }
    for (const email of people) {
      const response = await signIn(email, readCode(email), ip)
      expect(response.status, email).toBe(200)
      now += 500
    }
  })

  it('never refuses a steady trickle: one request every 20 seconds for 10 minutes', async () => {
    const ip = '203.0.113.20'
    for (let i = 0; i < 30; i++) {
      const email = `trickle.${i}@example.com`
      const response =
        i % 2 === 0
          ? await send(email, ip)
          : await signIn(`trickle.${i - 1}@example.com`, readCode(`trickle.${i - 1}@example.com`), ip)
      expect(response.status, `request ${i + 1}`).toBe(200)
      now += 20_000
    }
  })

  it(`stops one machine spraying addresses: ${BUDGETS.codesPerClientBurst.limit} per 10 minutes, ${BUDGETS.codesPerClientDay.limit} a day`, async () => {
    const ip = '192.0.2.66'
    let sent = 0
    let n = 0
    const start = now
    // As fast as the limits allow, for a day: each refusal says when to come back.
    while (now < start + 24 * HOUR) {
      const response = await send(`spray.${n++}@example.com`, ip)
      if (response.status === 200) {
        sent++
        continue
      }
      const retryAfter = await expectRefused(response, 24 * 60 * 60)
      if (sent === BUDGETS.codesPerClientBurst.limit) expect(retryAfter).toBeLessThanOrEqual(600)
      now += retryAfter * 1000
    }
    expect(sent).toBeLessThanOrEqual(BUDGETS.codesPerClientDay.limit + BUDGETS.codesPerClientBurst.limit)
    console.info(`codes one machine got sent to other addresses in 24 hours: ${sent}`)
    // Another machine is not affected.
    expect((await send('someone.else@example.com', '192.0.2.67')).status).toBe(200)
  }, 180_000)
})

describe('reads', () => {
  it('are never counted: get-session and other reads from one address, many times', async () => {
    const ip = '203.0.113.77'
    for (let i = 0; i < BUDGETS.writesPerClient.limit + 50; i++) {
      const response = await api.get('/get-session', { headers: { [CLIENT_IP_HEADER]: ip } })
      expect(response.status).toBe(200)
    }
    expect(
      await handle.db
        .select()
        .from(authBudget)
        .where(like(authBudget.key, `%${ip}`)),
    ).toHaveLength(0)
  })

  it('other writes are limited per client address, generously', async () => {
    const ip = '203.0.113.78'
    for (let i = 0; i < BUDGETS.writesPerClient.limit; i++) {
      expect((await api.post('/sign-out', { headers: { [CLIENT_IP_HEADER]: ip } })).status).not.toBe(429)
    }
    await expectRefused(await api.post('/sign-out', { headers: { [CLIENT_IP_HEADER]: ip } }), 60)
  })
})

describe('passkey attempts per account', () => {
  /** A passkey of `email`'s account (a new account when needed), by its credential id. */
  async function passkeyOf(email: string) {
    const [found] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email))
    const userId = found?.id ?? randomUUID()
    if (!found) await handle.db.insert(user).values({ id: userId, email, name: email })
    const credentialID = randomUUID()
    await handle.db.insert(passkey).values({
      id: randomUUID(),
      userId,
      credentialID,
      publicKey: 'AAAA',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    })
    return credentialID
  }

  /** A passkey sign-in's answer naming `credentialId`, signed by no key the server knows: it fails. */
  function assert(credentialId: string, ip: string) {
    const response = { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' }
    return api.post('/passkey/verify-authentication', {
      body: {
        response: { id: credentialId, rawId: credentialId, type: 'public-key', response, clientExtensionResults: {} },
      },
      headers: { [CLIENT_IP_HEADER]: ip },
    })
  }

  it(`refuses the ${BUDGETS.passkeyFailuresPerAccount.limit + 1}th failed passkey sign-in of one account within the hour, from any client; another account is not affected`, async () => {
    const target = await passkeyOf('hana.sato@example.com')
    const other = await passkeyOf('ivan.petrov@example.com')
    for (let i = 0; i < BUDGETS.passkeyFailuresPerAccount.limit; i++) {
      const response = await assert(target, ipOf(i))
      expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400)
      expect(response.status).not.toBe(429)
      now += MINUTE
    }
    const refused = await assert(target, ipOf(50))
    const retryAfter = await expectRefused(refused.clone(), HOUR / 1000)
    // The page says it in the reader's language (the message is the client's, from the code and Retry-After).
    const fr = createI18n('fr', await loadMessages('fr'))
    const body = (await refused.json()) as { code: string; retryAfter: number }
    expect(authErrorMessage(fr.t.bind(fr), { ...body, status: 429 })).toBe(
      `Trop de requêtes. Réessayez dans ${Math.ceil(retryAfter / 60)} minutes.`,
    )
    const elsewhere = await assert(other, ipOf(50))
    expect(elsewhere.status, await elsewhere.clone().text()).not.toBe(429)
    // A credential of no account here is limited per client address only.
    expect((await assert(randomUUID(), ipOf(51))).status).not.toBe(429)
  })

  it(`refuses step ${BUDGETS.passkeyRegistrationsPerAccount.limit + 1} of adding passkeys to one account within the hour; another account is not affected`, async () => {
    const first = await signInWithCode(api, 'jana.novak@example.com')
    const second = await signInWithCode(api, 'kofi.mensah@example.com')
    const options = (cookie: string, ip: string) =>
      api.get('/passkey/generate-register-options', { headers: { cookie, [CLIENT_IP_HEADER]: ip } })
    for (let i = 0; i < BUDGETS.passkeyRegistrationsPerAccount.limit; i++) {
      const response = await options(first, ipOf(i))
      expect(response.status, await response.clone().text()).toBe(200)
    }
    await expectRefused(await options(first, ipOf(60)), HOUR / 1000)
    expect((await options(second, ipOf(60))).status).toBe(200)
  })
})

describe('a banned address', () => {
  it('gets no code: refused with BANNED_USER, no e-mail leaves', async () => {
    const email = 'farid.ali@example.com'
    const banned = await handle.db
      .update(user)
      .set({ banned: true, banReason: 'spam' })
      .where(eq(user.email, email))
      .returning()
    expect(banned).toHaveLength(1)
    const response = await send(email, ipOf(1))
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      code: 'BANNED_USER',
      message: 'You have been banned from this application',
    })
    expect(mailsTo(email)).toBe(0)

    // A ban that has ended does not count.
    await handle.db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.email, email))
    expect((await send(email, ipOf(2))).status).toBe(200)
    expect(mailsTo(email)).toBe(1)
  })
})

describe('the counters table', () => {
  it('keeps only the hits of the window, gives back exactly one hit, and deletes expired rows as it goes', async () => {
    const store = budgetStore(handle.db, clock)
    const budget = { name: 'test', limit: 3, windowMs: MINUTE }
    const first = await store.take(budget, 'a')
    now += 1
    const second = await store.take(budget, 'a')
    expect(first.ok && second.ok).toBe(true)
    if (!second.ok) return
    await store.refund(second.hit)
    const [row] = await handle.db.select().from(authBudget).where(eq(authBudget.key, 'test:a'))
    expect(row!.hits).toEqual([now - 1])

    // An hour later, other keys' traffic deletes the expired row.
    now += HOUR
    for (let i = 0; i < 500; i++) await store.take(budget, `other-${i}`)
    expect(await handle.db.select().from(authBudget).where(eq(authBudget.key, 'test:a'))).toHaveLength(0)
  })
})
