import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import { resetEnvForTests } from '@/lib/env.server'
import { LANGUAGES } from '@/lib/i18n/config'
import { type DatabaseHandle, openDatabase } from '@/server/db/client.server'
import { migrate } from '@/server/db/migrate.server'

import { clearDevMailbox, listDevMailbox } from './dev-mailbox.server'
import { galleryEmails } from './gallery.server'
import { sendLoginCode } from './mailer.server'

/** As `npm run dev` without an SMTP server: the e-mail goes to the dev mailbox. */
const saved = { NODE_ENV: process.env.NODE_ENV, BASE_URL: process.env.BASE_URL }
// The outbox the e-mail is kept in before it goes (outbox.server.ts).
let handle: DatabaseHandle
beforeAll(async () => {
  process.env.NODE_ENV = 'development'
  process.env.BASE_URL = 'http://127.0.0.1:3000'
  resetEnvForTests()
  handle = await openDatabase('memory://')
  await migrate(handle.db)
}, 60_000)
afterAll(async () => {
  await handle.close()
  Object.assign(process.env, saved)
  if (saved.BASE_URL === undefined) delete process.env.BASE_URL
  resetEnvForTests()
})

const TEXTS = {
  en: 'You are receiving this e-mail because someone asked to sign in to Start Books with reader@example.com.',
  fr: "Vous recevez cet e-mail car quelqu'un a demandé à se connecter à Start Books avec reader@example.com.",
  ar: 'تصلك هذه الرسالة لأن أحدهم طلب تسجيل الدخول إلى Start Books باستخدام \u2068reader@example.com\u2069.',
  sw: 'Umepokea barua pepe hii kwa sababu mtu aliomba kuingia Start Books kwa kutumia reader@example.com.',
}

describe('the sign-in e-mail in development', () => {
  it('prints the code as a plain line of the console, not only inside a JSON log line', async () => {
    const written: string[] = []
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    try {
      await sendLoginCode({ db: handle.db, email: 'dev@example.com', code: '428190', language: 'en' })
    } finally {
      write.mockRestore()
    }
    const plain = written
      .join('')
      .split('\n')
      .filter((line) => line.includes('428190') && !line.trimStart().startsWith('{'))
    expect(plain).toEqual(['  Your Start Books sign-in code: 428190  (dev@example.com)'])
  })

  it.each(LANGUAGES.map(({ key }) => key))(
    'says in %s who sends it, why, the code, how long it is valid and where to type it',
    async (language) => {
      clearDevMailbox()
      await sendLoginCode({ db: handle.db, email: 'reader@example.com', code: '551234', language })
      const [mail] = listDevMailbox()
      expect(mail!.subject).toContain('Start Books')
      expect(mail!.subject).toContain('551234')
      const link = 'http://127.0.0.1:3000/login/verify?email=reader%40example.com'
      for (const body of [mail!.text, mail!.html]) {
        expect(body).toContain('Start Books')
        expect(body).toContain('551234')
        expect(body).toContain('reader@example.com')
        expect(body).toContain(String(OTP_EXPIRES_MINUTES))
        expect(body).toContain(link)
      }
      expect(mail!.html).toMatch(new RegExp(`<html[^>]*dir="${language === 'ar' ? 'rtl' : 'ltr'}"`))
      expect(mail!.html).toContain(`lang="${language}"`)
      // Each language's own words around the product's name, the address and the code.
      expect(mail!.text).toContain(TEXTS[language])
    },
  )
})

describe('every e-mail in every language', () => {
  it.each(LANGUAGES.map(({ key }) => key))(
    'in %s: HTML and text, the product in the subject, a link back to BASE_URL, the language and its direction',
    async (language) => {
      const gallery = await galleryEmails(language)
      expect(gallery.map(({ template }) => template)).toEqual([
        'loginCode',
        'changeEmailCode',
        'welcome',
        'newDevice',
        'emailChangedToOld',
        'emailChangedToNew',
        'banned',
        'passkeyAdded',
        'passkeyRemoved',
      ])
      for (const { template, email } of gallery) {
        const { subject, html, text } = email.message
        expect(subject, template).toContain('Start Books')
        expect(html, template).toMatch(/href="http:\/\/127\.0\.0\.1:3000\//)
        expect(text, template).toContain('http://127.0.0.1:3000/')
        expect(html, template).toMatch(new RegExp(`<html[^>]*dir="${language === 'ar' ? 'rtl' : 'ltr'}"`))
        expect(html, template).toContain(`lang="${language}"`)
        // Every text found: no key of emails.json shown in place of its words, no value left unfilled.
        for (const body of [subject, text]) {
          expect(body, template).not.toMatch(/\b(notice|welcome|newDevice|emailChanged|banned|passkey\w+)\.\w+/)
          expect(body, template).not.toContain('{{')
        }
      }
      // Each language its own words: no two languages share a subject.
      const english = await galleryEmails('en')
      if (language !== 'en')
        for (const [index, { email }] of gallery.entries())
          expect(email.message.subject).not.toBe(english[index]!.email.message.subject)
    },
  )

  it('says what the notices are about: the device, both addresses, the reason and the end of a ban, the passkey', async () => {
    const byTemplate = Object.fromEntries(
      (await galleryEmails('en')).map(({ template, email }) => [template, email.message]),
    )
    expect(byTemplate.newDevice!.text).toContain('Firefox 128 on Android 14')
    expect(byTemplate.newDevice!.text).toContain('203.0.113.7')
    expect(byTemplate.newDevice!.text).toContain('March 14, 2026')
    expect(byTemplate.emailChangedToOld!.to).toBe('old@example.com')
    expect(byTemplate.emailChangedToNew!.to).toBe('reader@example.com')
    for (const side of ['emailChangedToOld', 'emailChangedToNew'])
      expect(byTemplate[side]!.text).toMatch(/old@example\.com.*reader@example\.com/s)
    expect(byTemplate.banned!.text).toContain('Spam in the book reviews')
    expect(byTemplate.banned!.text).toContain('April 14, 2026')
    expect(byTemplate.passkeyAdded!.text).toContain('Pixel 8')
    expect(byTemplate.welcome!.html).toContain('Welcome, Ada!')
  })
})
