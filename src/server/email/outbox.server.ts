import { createHash } from 'node:crypto'

import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'

import { env } from '@/lib/env.server'
import type { Database } from '@/server/db/client.server'
import { emailOutbox } from '@/server/db/schema'
import { logger } from '@/server/platform/logger.server'
import { inSpan } from '@/server/platform/trace-hooks.server'
import { enqueue, FAILED_KEPT_SECONDS, type Queue } from '@/server/queue/queue.server'

import { pushToDevMailbox } from './dev-mailbox.server'

/** An e-mail ready to go: rendered by its template (src/server/email/). */
export interface EmailMessage {
  to: string
  subject: string
  html: string
  text: string
}

/** The messages to send again: worked by the job src/server/jobs/email-send.job.server.ts (sendFromOutbox). */
export const SEND_EMAIL_QUEUE: Queue<{ id: string }, 'email.send'> = { name: 'email.send' }
/** The longest a sender talks to the mail server about one message: cut then, whatever the exchange's step. */
const SEND_SECONDS = 10
/**
 * A sender's lease on the message it tries: longer than the exchange it may
 * hold, so that a lease that lapses has no exchange behind it. Past it, the
 * sender is taken as dead (killed mid-send) and another one takes the message.
 */
export const LEASE_SECONDS = SEND_SECONDS + 5

/** How the outbox names a message: `key` for good, and how long it is of use (a code's lifetime; none: for ever). */
export interface EmailNaming {
  kind: string
  key: string
  expiresInSeconds?: number
}

/**
 * Keeps the e-mail in the outbox, then tries it at once. When the mail
 * server does not answer, the request still succeeds: a job retries the
 * message until it goes (docs/decisions/037-job-queue.md). `key` names the
 * message for good: the same key is the same e-mail, kept and sent once.
 */
export async function queueEmail(db: Database, message: EmailMessage, naming: EmailNaming): Promise<'sent' | 'queued'> {
  return trySending(db, await keepEmail(db, message, naming))
}

/**
 * Only keeps the e-mail: given the transaction of what causes it, the two are
 * written together or not at all. Once it commits, `trySending` the ids.
 */
export async function keepEmail(db: Database, message: EmailMessage, { kind, key, expiresInSeconds }: EmailNaming) {
  const id = outboxId(key)
  const { to, subject, text, html } = message
  await db
    .insert(emailOutbox)
    .values({
      id,
      kind,
      to,
      subject,
      text,
      html,
      expiresAt: expiresInSeconds === undefined ? null : sql`now() + make_interval(secs => ${expiresInSeconds})`,
    })
    .onConflictDoNothing()
  return id
}

/** Tries a kept message at once; when it does not go, the job `email.send` retries it. */
export async function trySending(db: Database, id: string): Promise<'sent' | 'queued'> {
  try {
    await sendFromOutbox(db, { id })
    return 'sent'
  } catch (error) {
    logger.warn({ err: error, id }, 'e-mail not sent yet: kept in the outbox and retried')
    await retryLater(db, id)
    return 'queued'
  }
}

/** Not sent, and still of use. */
const sendable = and(
  isNull(emailOutbox.sentAt),
  or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, sql`now()`)),
)

/**
 * Sends one outbox message unless it is sent, past its use, or leased by
 * another sender; the job `email.send` runs it, and it throws to be retried.
 * What "never twice" means here (docs/decisions/037-job-queue.md): a message
 * recorded as sent is never handed to a mail server again, and no two senders
 * are ever in an exchange for it at once (the lease is taken in one UPDATE,
 * and outlives the exchange it allows). What SMTP leaves open: a sender that
 * dies between the server's acceptance and writing `sent_at` leaves it to be
 * sent again, under the same Message-ID (which mail clients use to show it once).
 */
export async function sendFromOutbox(db: Database, { id }: { id: string }) {
  const [claimed] = await db
    .update(emailOutbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(
      and(
        eq(emailOutbox.id, id),
        sendable,
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .returning()
  if (!claimed) {
    const [row] = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, id), sendable))
    if (!row) return // Sent, past its use (the sweep deletes it), or gone.
    throw new Error(`e-mail ${id} is being sent by another process`)
  }
  // The lease's number: what this sender writes, it writes only while the lease is still its own.
  const ownLease = and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, claimed.attempts))
  try {
    await deliver({ ...keptMessage(claimed), messageId: `<${id}@${new URL(env().BASE_URL).hostname}>` })
  } catch (error) {
    await db
      .update(emailOutbox)
      .set({ claimedUntil: null, lastError: String((error as Error).message ?? error).slice(0, 1000) })
      .where(ownLease)
    throw error
  }
  // Sent: its words are of no more use here, and a code must not outlive its e-mail at rest.
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null, subject: null, text: null, html: null })
    .where(eq(emailOutbox.id, id))
}

/** The message a row keeps (its words are erased only once it is sent). */
function keptMessage({ id, to, subject, text, html }: typeof emailOutbox.$inferSelect): EmailMessage {
  if (subject === null || text === null || html === null) throw new Error(`e-mail ${id} has no words to send`)
  return { to, subject, text, html }
}

/**
 * Queues the job that retries a message, from `startAfter` on (a lease's
 * end). Its id is the message's: a message has one job, however often it is
 * queued. Without a runner in this process (a test's own database), the
 * sweep of a process that has one finds it.
 */
async function retryLater(db: Database, id: string, startAfter?: Date) {
  await enqueue(db, SEND_EMAIL_QUEUE, { id }, { id, ...(startAfter && { startAfter }) })
}

/**
 * Every minute, and when a worker starts: deletes the unsent messages that
 * can no longer go (a code expired; a week old, its dead letter gone), then
 * queues a job for each message left unsent (a process died between keeping
 * one and queueing its job, or mid-send: then from its lease's end). A
 * message whose job is still there keeps it: a job left running by a dead
 * process is taken up again by pg-boss once it expires (src/server/queue/queue.server.ts).
 */
export async function sweepOutbox(db: Database) {
  const dropped = await db
    .delete(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        or(
          lte(emailOutbox.expiresAt, sql`now()`),
          // As long as its job's dead letter could be retried from /manager/jobs.
          lt(emailOutbox.createdAt, sql`now() - make_interval(secs => ${FAILED_KEPT_SECONDS})`),
        ),
      ),
    )
    .returning({ id: emailOutbox.id, kind: emailOutbox.kind, lastError: emailOutbox.lastError })
  if (dropped.length > 0) logger.warn({ dropped }, 'e-mails past their use deleted unsent')
  const unsent = await db
    .select({ id: emailOutbox.id, claimedUntil: emailOutbox.claimedUntil })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), gt(emailOutbox.createdAt, sql`now() - interval '1 day'`)))
  for (const { id, claimedUntil } of unsent) await retryLater(db, id, claimedUntil ?? undefined)
}

/**
 * The id of the message named `key`: a UUID (pg-boss needs one for the job's
 * id too) of version 8, RFC 9562's "custom", made of the key's SHA-256.
 */
export function outboxId(key: string) {
  const hex = createHash('sha256').update(key).digest('hex')
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The SMTP transport, made for the EMAIL_SERVER it was made with (tests change it). */
let transport: { url: string; made: Promise<Transporter> } | undefined

/**
 * SMTP when EMAIL_SERVER is set; otherwise (development only: env validation
 * refuses production without it) the dev mailbox and the console. Short
 * timeouts: a silent mail server must not hold the request that asked.
 */
async function deliver(message: EmailMessage & { messageId: string }) {
  const { EMAIL_SERVER, EMAIL_FROM } = env()
  if (!EMAIL_SERVER) {
    pushToDevMailbox(message)
    logger.info({ to: message.to, subject: message.subject }, 'e-mail kept in the dev mailbox (/dev/mailbox)')
    return
  }
  if (transport?.url !== EMAIL_SERVER) {
    const made = import('nodemailer').then((nodemailer) =>
      nodemailer.createTransport({
        url: EMAIL_SERVER,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    )
    transport = { url: EMAIL_SERVER, made }
  }
  const { to, subject, text, html, messageId } = message
  await inSpan(
    'email.send',
    () => ({ 'email.transport': 'smtp' }),
    async () => {
      // Cut at SEND_SECONDS, inside the sender's lease (nodemailer closes the connection).
      const signal = AbortSignal.timeout(SEND_SECONDS * 1000)
      await (await transport!.made).sendMail({ from: EMAIL_FROM, to, subject, text, html, messageId, signal })
    },
  )
}
