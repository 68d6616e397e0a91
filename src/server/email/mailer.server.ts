import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import { env } from '@/lib/env.server'
import { type Language, languageDir } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import type { Database } from '@/server/db/client.server'
import { logger } from '@/server/logger.server'

import { LoginCodeEmail } from './login-code-email'
import { queueEmail } from './outbox.server'

/** Signing in, or confirming a new e-mail address (account page): the same e-mail, other words. */
export type CodePurpose = 'signIn' | 'changeEmail'

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
  const t = createI18n(language, await loadMessages(language)).getFixedT(language, 'emails')
  const group = purpose === 'changeEmail' ? 'changeEmailCode' : 'loginCode'
  const texts = {
    preview: t(`${group}.preview`, { code }),
    title: t(`${group}.title`),
    intro: t(`${group}.intro`),
    expiry: t('loginCode.expiry', { minutes: OTP_EXPIRES_MINUTES }),
    ignore: t('loginCode.ignore'),
  }
  const element = LoginCodeEmail({ code, language, dir: languageDir(language), texts })
  // Loaded with the first e-mail (300 KB of code), not with every server start.
  const { render } = await import('@react-email/render')
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  if (!env().EMAIL_SERVER) {
    // The code on the console too: the quickest way to sign in while developing.
    logger.info(`login code for ${email}: ${code}`)
  }
  // One request, one code: the key makes a repeated call (or its retry) one e-mail.
  await queueEmail(
    db,
    { to: email, subject: t(`${group}.subject`, { code }), html, text },
    {
      kind: group,
      key: `${group}:${email}:${code}`,
    },
  )
}
