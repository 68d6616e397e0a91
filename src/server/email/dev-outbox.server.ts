export interface OutboxEmail {
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
const key = Symbol.for('start-books.dev-outbox')
const store = globalThis as { [key]?: { next: number; emails: OutboxEmail[] } }

function outbox() {
  store[key] ??= { next: 1, emails: [] }
  return store[key]
}

export function pushToOutbox(email: Omit<OutboxEmail, 'id' | 'sentAt'>): OutboxEmail {
  const box = outbox()
  const saved = { ...email, id: box.next++, sentAt: new Date().toISOString() }
  box.emails = [saved, ...box.emails].slice(0, MAX_EMAILS)
  return saved
}

export function listOutbox(): OutboxEmail[] {
  return outbox().emails
}

export function clearOutbox() {
  outbox().emails = []
}
