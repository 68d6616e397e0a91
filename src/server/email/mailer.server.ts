import type { ReactElement } from 'react'

import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import type { Device } from '@/lib/device'
import { env } from '@/lib/env.server'
import { type Language, languageDir } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import type { Database } from '@/server/db/client.server'

import type { EmailFrame } from './email-layout'
import { LoginCodeEmail } from './login-code-email'
import { NoticeEmail } from './notice-email'
import { type EmailMessage, type EmailNaming, queueEmail } from './outbox.server'

/** Signing in, or confirming a new e-mail address (account page): the same e-mail, other words. */
export type CodePurpose = 'signIn' | 'changeEmail'

/** An e-mail rendered and named: `key` is its idempotency key, derived from what caused it. */
export interface Email extends EmailNaming {
  message: EmailMessage
}

/** An e-mail element as its HTML and plain-text bodies (every e-mail carries both). */
async function renderEmail(element: ReactElement) {
  // Loaded with the first e-mail (300 KB of code), not with every server start.
  const { render } = await import('@react-email/render')
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}

/** The texts of the person's language, and the frame every e-mail shares (./email-layout.tsx). */
async function emailTexts(language: Language) {
  const i18n = createI18n(language, await loadMessages(language))
  const t = i18n.getFixedT(language, 'emails')
  const dir = languageDir(language)
  const product = i18n.getFixedT(language, 'shell')('appName')
  // An address or a link keeps its order inside a right-to-left sentence (Unicode isolates).
  const isolate = (text: string) => (dir === 'rtl' ? `\u2068${text}\u2069` : text)
  return {
    t,
    product,
    isolate,
    /** The frame: the product, a link back to `page` under BASE_URL, why it arrived. */
    frame: (page: string, texts: { preview: string; link: string; footer: string[] }): EmailFrame => ({
      language,
      dir,
      product,
      preview: texts.preview,
      link: { href: new URL(page, env().BASE_URL).href, label: texts.link },
      footer: texts.footer,
    }),
    /** A moment as people of this language write it, in UTC (the server knows no one's time zone). */
    date: (at: Date) =>
      `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`,
  }
}

async function email(
  element: ReactElement,
  { to, subject, ...naming }: { to: string; subject: string } & EmailNaming,
): Promise<Email> {
  return { message: { to, subject, ...(await renderEmail(element)) }, ...naming }
}

// ——— The sign-in code ———

export async function loginCodeEmail({
  email: to,
  code,
  language,
  purpose = 'signIn',
}: {
  email: string
  code: string
  language: Language
  purpose?: CodePurpose
}) {
  const { t, product, isolate, frame } = await emailTexts(language)
  const group = purpose === 'changeEmail' ? 'changeEmailCode' : 'loginCode'
  // Back to where the code is typed: the verify page, or the account page for a new address.
  const page = purpose === 'changeEmail' ? '/app/account' : `/login/verify?email=${encodeURIComponent(to)}`
  const element = LoginCodeEmail({
    frame: frame(page, {
      preview: t(`${group}.preview`, { code }),
      link: t(`${group}.link`),
      footer: [t(`${group}.reason`, { product, email: isolate(to) }), t(`${group}.ignore`)],
    }),
    code,
    texts: {
      title: t(`${group}.title`),
      intro: t(`${group}.intro`),
      expiry: t('loginCode.expiry', { minutes: OTP_EXPIRES_MINUTES }),
    },
  })
  // One request, one code: the key makes a repeated call (or its retry) one e-mail. Of no use once the code expired.
  return email(element, {
    to,
    subject: t(`${group}.subject`, { product, code }),
    kind: group,
    key: `${group}:${language}:${to}:${code}`,
    expiresInSeconds: OTP_EXPIRES_MINUTES * 60,
  })
}

export async function sendLoginCode({ db, ...input }: Parameters<typeof loginCodeEmail>[0] & { db: Database }) {
  const prepared = await loginCodeEmail(input)
  if (!env().EMAIL_SERVER && env().NODE_ENV === 'development') {
    // A plain line among the JSON ones: the quickest way to sign in while developing.
    process.stdout.write(`\n  ${prepared.message.subject}  (${input.email})\n\n`)
  }
  await queueEmail(db, prepared.message, prepared)
}

// ——— Notices: something was done to the account ———

/** Whom a notice is about, in their language. */
interface Recipient {
  email: string
  language: Language
}

/**
 * A notice of the group `group` of emails.json (subject, preview, title,
 * lines); `values` fill its texts besides the product and the address.
 */
type NoticeGroup = 'welcome' | 'newDevice' | 'emailChanged' | 'banned' | 'passkeyAdded' | 'passkeyRemoved'

async function notice(
  group: NoticeGroup,
  {
    to,
    language,
    page,
    values = {},
    lines,
    facts,
    kind = group,
    key,
  }: {
    to: string
    language: Language
    page: string
    values?: Record<string, string>
    lines: string[]
    facts?: (t: (key: string, options?: Record<string, string>) => string) => Array<{ label: string; value: string }>
    kind?: string
    key: string
  },
) {
  const texts = await emailTexts(language)
  const { product, isolate, frame } = texts
  // Keys built from the group: checked by the tests of every notice in every language, not by the types.
  const t = texts.t as unknown as (key: string, options?: Record<string, string>) => string
  const all = { product, email: isolate(to), ...values }
  const element = NoticeEmail({
    frame: frame(page, {
      preview: t(`${group}.preview`, all),
      link: t(`${group}.link`, all),
      footer: [t('notice.reason', all), ...(page === '/app/account' ? [t('notice.notYou', all)] : [])],
    }),
    title: t(`${group}.title`, all),
    lines: lines.map((line) => t(`${group}.${line}`, all)),
    facts: facts?.((key, options) => t(key, { ...all, ...options })),
  })
  return email(element, { to, subject: t(`${group}.subject`, all), kind, key })
}

/** Welcome, once onboarding is done: one per account, whatever happens to onboarding later. */
export function welcomeEmail({ userId, email: to, language, name }: Recipient & { userId: string; name: string }) {
  return notice('welcome', {
    to,
    language,
    page: '/app',
    values: { name },
    lines: ['intro', 'signIn'],
    key: `welcome:${userId}`,
  })
}

/** A sign-in from a device the account had not used: one per session. */
export async function newDeviceEmail({
  sessionId,
  email: to,
  language,
  device,
  ip,
  at,
}: Recipient & { sessionId: string; device: Device; ip: string | null; at: Date }) {
  const { date } = await emailTexts(language)
  return notice('newDevice', {
    to,
    language,
    page: '/app/account',
    lines: ['intro'],
    facts: (t) => [
      {
        label: t('newDevice.deviceLabel'),
        value: t('newDevice.device', {
          browser: device.browser ?? t('newDevice.unknownBrowser'),
          os: device.os ?? t('newDevice.unknownSystem'),
        }),
      },
      { label: t('newDevice.addressLabel'), value: ip ?? t('newDevice.unknownAddress') },
      { label: t('newDevice.whenLabel'), value: date(at) },
    ],
    key: `newDevice:${sessionId}`,
  })
}

/** The e-mail address changed: told to the new address and to the old one (in case it was not the owner). */
export function emailChangedEmails({
  userId,
  oldEmail,
  newEmail,
  language,
  changedAt,
}: {
  userId: string
  oldEmail: string
  newEmail: string
  language: Language
  changedAt: Date
}) {
  const cause = `emailChanged:${userId}:${changedAt.toISOString()}`
  return Promise.all(
    (['old', 'new'] as const).map(async (side) => {
      const { isolate } = await emailTexts(language)
      return notice('emailChanged', {
        to: side === 'old' ? oldEmail : newEmail,
        language,
        page: '/app/account',
        values: { oldEmail: isolate(oldEmail), newEmail: isolate(newEmail) },
        lines: [side === 'old' ? 'toOld' : 'toNew'],
        kind: 'emailChanged',
        key: `${cause}:${side}`,
      })
    }),
  )
}

/** Banned by an administrator: the reason when one was given, and until when. */
export async function bannedEmail({
  userId,
  email: to,
  language,
  reason,
  expiresAt,
  bannedAt,
}: Recipient & { userId: string; reason: string | null; expiresAt: Date | null; bannedAt: Date }) {
  const { date } = await emailTexts(language)
  return notice('banned', {
    to,
    language,
    page: '/',
    lines: ['intro'],
    facts: (t) => [
      ...(reason ? [{ label: t('banned.reasonLabel'), value: reason }] : []),
      { label: t('banned.untilLabel'), value: expiresAt ? date(expiresAt) : t('banned.noEnd') },
    ],
    key: `banned:${userId}:${bannedAt.toISOString()}`,
  })
}

/** A passkey added to the account, or removed from it (by its owner or an admin). */
export function passkeyEmail({
  change,
  passkeyId,
  name,
  email: to,
  language,
}: Recipient & { change: 'added' | 'removed'; passkeyId: string; name: string | null }) {
  const group = change === 'added' ? 'passkeyAdded' : 'passkeyRemoved'
  return notice(group, {
    to,
    language,
    page: '/app/account',
    lines: ['intro'],
    facts: (t) => [{ label: t('notice.passkeyLabel'), value: name || t('notice.unnamedPasskey') }],
    key: `${group}:${passkeyId}`,
  })
}
