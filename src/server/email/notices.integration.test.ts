import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { passkeyChanged } from '@/server/auth/passkey-hooks.server'
import { passkey, user } from '@/server/db/schema'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { authRequests, readCode, sessionCookie } from '@/test/auth-requests'

/**
 * Each cause of a security notice sends exactly one e-mail (two for a change
 * of address), through the real routes where a test can reach them; the
 * WebAuthn ceremony is Chromium's (e2e/passkeys.spec.ts), so its hook's
 * function is called directly.
 */
let api: ApiHarness
beforeAll(async () => {
  api = await createApiHarness()
})
beforeEach(() => clearDevMailbox())

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0'
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const CHROME_WINDOWS_NEXT = CHROME_WINDOWS.replace('126.0.0.0', '127.0.0.0')

/** The e-mails sent since the outbox was cleared, oldest first, without the codes (their subject has one). */
const notices = () =>
  listDevMailbox()
    .filter((mail) => !/\b\d{6}\b/.test(mail.subject))
    .reverse()

async function userRow(email: string) {
  return (await api.db.select().from(user).where(eq(user.email, email)))[0]
}

/** Signs `email` in by code from a browser saying `userAgent`. */
async function signInFrom(email: string, userAgent: string, language = 'en') {
  const auth = authRequests(() => api.auth)
  const headers = { 'user-agent': userAgent, 'accept-language': language }
  const sent = await auth.post('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, headers })
  expect(sent.status).toBe(200)
  const signedIn = await auth.post('/sign-in/email-otp', { body: { email, otp: readCode(email) }, headers })
  expect(signedIn.status, await signedIn.clone().text()).toBe(200)
  return sessionCookie(signedIn)
}

describe('a sign-in from a new device', () => {
  it('is told once; the first sign-in of an account, the same device again or a browser update are not', async () => {
    const email = `devices-${randomUUID()}@example.com`
    await signInFrom(email, CHROME_WINDOWS)
    expect(notices()).toEqual([])
    await signInFrom(email, CHROME_WINDOWS_NEXT)
    expect(notices()).toEqual([])

    await signInFrom(email, FIREFOX_ANDROID, 'fr')
    const [told, ...more] = notices()
    expect(more).toEqual([])
    expect(told).toMatchObject({ to: email, subject: 'Nouvelle connexion à votre compte Start Books' })
    expect(told!.text).toContain('Firefox 128 sur Android 14')

    clearDevMailbox()
    await signInFrom(email, FIREFOX_ANDROID)
    await signInFrom(email, CHROME_WINDOWS)
    expect(notices()).toEqual([])
    // The language of the last sign-in is kept for the e-mails sent without a request of theirs.
    expect(await userRow(email)).toMatchObject({ language: 'en' })
  })
})

describe('the welcome', () => {
  it('is sent once onboarding is done, and not again', async () => {
    const email = `welcome-${randomUUID()}@example.com`
    const client = await api.client({ email })
    clearDevMailbox()
    await client.auth.onboard({ name: 'Ada Lovelace' })
    expect(notices()).toMatchObject([{ to: email, subject: 'Welcome to Start Books' }])
    await client.auth.onboard({ name: 'Ada King' })
    expect(notices()).toHaveLength(1)
  })
})

describe('a change of e-mail address', () => {
  it('is told to the old address and to the new one', async () => {
    const oldEmail = `old-${randomUUID()}@example.com`
    const newEmail = `new-${randomUUID()}@example.com`
    const caller = { email: oldEmail }
    await api.cookie(caller)
    clearDevMailbox()
    expect((await api.authPost(caller, '/email-otp/request-email-change', { newEmail })).status).toBe(200)
    const changed = await api.authPost(caller, '/email-otp/change-email', { newEmail, otp: readCode(newEmail) })
    expect(changed.status, JSON.stringify(changed.json)).toBe(200)
    const sent = notices()
    expect(sent.map((mail) => mail.to).sort()).toEqual([newEmail, oldEmail].sort())
    for (const mail of sent) {
      expect(mail.subject).toBe('The e-mail address of your Start Books account was changed')
      expect(mail.text).toContain(oldEmail)
      expect(mail.text).toContain(newEmail)
    }
  })
})

describe('a ban', () => {
  it('is told to the banned person, in the language of their last sign-in, with the reason and its end', async () => {
    const email = `banned-${randomUUID()}@example.com`
    await api.cookie({ email })
    await api.db.update(user).set({ language: 'sw' }).where(eq(user.email, email))
    const { id } = (await userRow(email))!
    clearDevMailbox()
    const expiresAt = '2031-05-01T12:00:00.000Z'
    await (await api.client('admin')).user.ban({ id, reason: 'Matangazo', expiresAt })
    const [mail, ...more] = notices()
    expect(more).toEqual([])
    expect(mail).toMatchObject({ to: email, subject: 'Akaunti yako ya Start Books imesimamishwa' })
    expect(mail!.text).toContain('Matangazo')
    expect(mail!.text).toContain('2031')
  })
})

describe('passkeys', () => {
  async function passkeyRow(userId: string, name: string) {
    const id = randomUUID()
    await api.db.insert(passkey).values({
      id,
      name,
      publicKey: 'AAAA',
      userId,
      credentialID: randomUUID(),
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
    })
    return id
  }

  it('added (the hook of the registration route), removed by the owner and by an admin: one e-mail each', async () => {
    const email = `passkeys-${randomUUID()}@example.com`
    const caller = { email }
    await api.cookie(caller)
    const { id: userId } = (await userRow(email))!
    clearDevMailbox()

    const added = await passkeyRow(userId, 'Pixel 8')
    const by = { userId, impersonatedBy: null }
    const entry = { action: 'passkey.add', by, userId, name: 'Pixel 8' } as const
    await passkeyChanged(api.db, { passkeyId: added, language: 'en', ip: null }, async () => entry)
    // The same cause again (a retried hook) is the same e-mail.
    await passkeyChanged(api.db, { passkeyId: added, language: 'en', ip: null }, async () => entry)
    expect(notices()).toMatchObject([{ to: email, subject: 'A passkey was added to your Start Books account' }])
    expect(notices()[0]!.text).toContain('Pixel 8')

    clearDevMailbox()
    const spare = await passkeyRow(userId, 'Spare key')
    const removed = await api.authPost(caller, '/passkey/delete-passkey', { id: added })
    expect(removed.status, JSON.stringify(removed.json)).toBe(200)
    expect(notices()).toMatchObject([{ to: email, subject: 'A passkey was removed from your Start Books account' }])

    clearDevMailbox()
    await (await api.client('admin')).user.removePasskey({ id: userId, passkeyId: spare })
    expect(notices()).toMatchObject([{ to: email, subject: 'A passkey was removed from your Start Books account' }])
    expect(notices()[0]!.text).toContain('Spare key')
  })
})
