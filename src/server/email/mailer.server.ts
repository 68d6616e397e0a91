import type { ReactElement } from 'react'

import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import { env } from '@/lib/env.server'
import { type Language, languageDir } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import type { Database } from '@/server/db/client.server'

import { LoginCodeEmail } from './login-code-email'
import { queueEmail } from './outbox.server'

/** Signing in, or confirming a new e-mail address (account page): the same e-mail, other words. */
export type CodePurpose = 'signIn' | 'changeEmail'

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
  return {
    t,
    dir,
    product: i18n.getFixedT(language, 'shell')('appName'),
    // An address or a link keeps its order inside a right-to-left sentence (Unicode isolates).
    isolate: (text: string) => (dir === 'rtl' ? `\u2068${text}\u2069` : text),
  }
}

export async function sendLoginCode({
  db,
  email,
  code,
  language,
  purpose = 'signIn',
}: {
  db: Database
  email: string
  code: string
  language: Language
  purpose?: CodePurpose
}) {
  const { t, dir, product, isolate } = await emailTexts(language)
  const group = purpose === 'changeEmail' ? 'changeEmailCode' : 'loginCode'
  // Back to where the code is typed: the verify page, or the account page for a new address.
  const page = purpose === 'changeEmail' ? '/app/account' : `/login/verify?email=${encodeURIComponent(email)}`
  const element = LoginCodeEmail({
    frame: {
      language,
      dir,
      product,
      preview: t(`${group}.preview`, { code }),
      link: { href: new URL(page, env().BASE_URL).href, label: t(`${group}.link`) },
      footer: [t(`${group}.reason`, { product, email: isolate(email) }), t(`${group}.ignore`)],
    },
    code,
    texts: {
      title: t(`${group}.title`),
      intro: t(`${group}.intro`),
      expiry: t('loginCode.expiry', { minutes: OTP_EXPIRES_MINUTES }),
    },
  })
  const subject = t(`${group}.subject`, { product, code })
  if (!env().EMAIL_SERVER && env().NODE_ENV === 'development') {
    // A plain line among the JSON ones: the quickest way to sign in while developing.
    process.stdout.write(`\n  ${subject}  (${email})\n\n`)
  }
  // One request, one code: the key makes a repeated call (or its retry) one e-mail.
  await queueEmail(
    db,
    { to: email, subject, ...(await renderEmail(element)) },
    {
      kind: group,
      key: `${group}:${language}:${email}:${code}`,
    },
  )
}
