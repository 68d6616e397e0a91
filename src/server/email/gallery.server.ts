import type { Language } from '@/lib/i18n/config'

import {
  bannedEmail,
  type Email,
  emailChangedEmails,
  loginCodeEmail,
  newDeviceEmail,
  passkeyEmail,
  welcomeEmail,
} from './mailer.server'

/** A fixed moment, so the gallery reads the same each time. */
const AT = new Date('2026-03-14T09:26:00Z')
const reader = { email: 'reader@example.com', userId: 'gallery-user' }

/**
 * Every e-mail of the product with sample values, in one language: the dev
 * mailbox's gallery (/dev/mailbox), and what mailer.server.test.ts checks.
 * A new e-mail is added here.
 */
export async function galleryEmails(language: Language): Promise<Array<{ template: string; email: Email }>> {
  const [changedToOld, changedToNew] = await emailChangedEmails({
    userId: reader.userId,
    oldEmail: 'old@example.com',
    newEmail: reader.email,
    language,
    changedAt: AT,
  })
  const samples = {
    loginCode: loginCodeEmail({ email: reader.email, code: '551234', language }),
    changeEmailCode: loginCodeEmail({ email: reader.email, code: '551234', language, purpose: 'changeEmail' }),
    welcome: welcomeEmail({ ...reader, name: 'Ada', language }),
    newDevice: newDeviceEmail({
      ...reader,
      sessionId: 'gallery-session',
      language,
      device: { browser: 'Firefox 128', os: 'Android 14', type: 'mobile' },
      ip: '203.0.113.7',
      at: AT,
    }),
    emailChangedToOld: changedToOld!,
    emailChangedToNew: changedToNew!,
    banned: bannedEmail({
      ...reader,
      language,
      reason: 'Spam in the book reviews',
      expiresAt: new Date('2026-04-14T00:00:00Z'),
      bannedAt: AT,
    }),
    passkeyAdded: passkeyEmail({ ...reader, change: 'added', passkeyId: 'gallery', name: 'Pixel 8', language }),
    passkeyRemoved: passkeyEmail({ ...reader, change: 'removed', passkeyId: 'gallery', name: 'Pixel 8', language }),
  }
  return Promise.all(Object.entries(samples).map(async ([template, email]) => ({ template, email: await email })))
}
