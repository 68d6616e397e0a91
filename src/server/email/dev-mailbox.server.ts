import { processWide } from '../platform/process-wide.server'

export interface DevMailboxEmail {
  id: number
  to: string
  subject: string
  text: string
  html: string
  sentAt: string
}

/**
 * The development mailbox: the latest e-mails kept in this process so that a
 * new user can sign in without any SMTP server. Never used in production.
 */
const MAX_EMAILS = 50

const mailbox = () => processWide('dev-mailbox', () => ({ next: 1, emails: [] as DevMailboxEmail[] }))

export function pushToDevMailbox(email: Omit<DevMailboxEmail, 'id' | 'sentAt'>): DevMailboxEmail {
  const box = mailbox()
  const saved = { ...email, id: box.next++, sentAt: new Date().toISOString() }
  box.emails = [saved, ...box.emails].slice(0, MAX_EMAILS)
  return saved
}

export function listDevMailbox(): DevMailboxEmail[] {
  return mailbox().emails
}

export function clearDevMailbox() {
  mailbox().emails = []
}
