import type { Transporter } from 'nodemailer'

import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import { env } from '@/lib/env.server'
import { type Language, languageDir } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import { logger } from '@/server/logger.server'
import { inSpan } from '@/server/observability/trace-hooks.server'

import { pushToOutbox } from './dev-outbox.server'
import { LoginCodeEmail } from './login-code-email'

export interface EmailMessage {
  to: string
  subject: string
  html: string
  text: string
}

let transport: Promise<Transporter> | undefined

/**
 * SMTP when EMAIL_SERVER is set; otherwise (development only: env validation
 * refuses production without it) the dev outbox and the console.
 */
async function sendEmail(message: EmailMessage) {
  const { EMAIL_SERVER, EMAIL_FROM } = env()
  if (!EMAIL_SERVER) {
    pushToOutbox(message)
    logger.info({ to: message.to, subject: message.subject }, 'e-mail kept in the dev mailbox (/dev/mailbox)')
    return
  }
  transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(EMAIL_SERVER))
  await inSpan('email.send', { 'email.transport': 'smtp' }, async () => {
    await (await transport!).sendMail({ from: EMAIL_FROM, ...message })
  })
}

/** Signing in, or confirming a new e-mail address (account page): the same e-mail, other words. */
export type CodePurpose = 'signIn' | 'changeEmail'

export async function sendLoginCode({
  email,
  code,
  language,
  purpose = 'signIn',
}: {
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
  await sendEmail({ to: email, subject: t(`${group}.subject`, { code }), html, text })
}
