import { createHash } from 'node:crypto'

import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'

import { env } from '@/lib/env.server'
import type { JobQueue } from '@/lib/jobs'
import type { Database } from '@/server/db/client.server'
import { emailOutbox } from '@/server/db/schema'
import { jobRunnerFor } from '@/server/jobs/runner.server'
import { logger } from '@/server/logger.server'
import { inSpan } from '@/server/observability/trace-hooks.server'

import { pushToOutbox } from './dev-outbox.server'

/** An e-mail ready to go: rendered by its template (src/server/email/). */
export interface EmailMessage {
  to: string
  subject: string
  html: string
  text: string
}

export const SEND_EMAIL_JOB = 'email.send' satisfies JobQueue
/** How long a sender owns a message it is trying: past it, a sender that died is taken as gone. */
const CLAIM_SECONDS = 30

/**
 * Keeps the e-mail in the outbox, then tries it at once. When the mail
 * server does not answer, the request still succeeds: a job retries the
 * message until it goes (docs/decisions/037-job-queue.md). `key` names the
 * message for good: the same key is the same e-mail, kept and sent once.
 */
export async function queueEmail(
  db: Database,
  message: EmailMessage,
  naming: { kind: string; key: string },
): Promise<'sent' | 'queued'> {
  return trySending(db, await keepEmail(db, message, naming))
}

/**
 * Only keeps the e-mail: given the transaction of what causes it, the two are
 * written together or not at all. Once it commits, `trySending` the ids.
 */
export async function keepEmail(db: Database, message: EmailMessage, { kind, key }: { kind: string; key: string }) {
  const id = outboxId(key)
  await db
    .insert(emailOutbox)
    .values({ id, kind, ...message })
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

/**
 * Sends one outbox message unless it is sent or another sender holds it.
 * The job `email.send` runs it; it throws to be retried. At least once: a
 * process killed after the mail server accepted the message and before
 * `sent_at` is written sends it again after the claim lapses, under the same
 * Message-ID (which mail clients use to show it once).
 */
export async function sendFromOutbox(db: Database, { id }: { id: string }) {
  const [claimed] = await db
    .update(emailOutbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(
      and(
        eq(emailOutbox.id, id),
        isNull(emailOutbox.sentAt),
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .returning()
  if (!claimed) {
    const [row] = await db.select({ sentAt: emailOutbox.sentAt }).from(emailOutbox).where(eq(emailOutbox.id, id))
    if (!row || row.sentAt) return
    throw new Error(`e-mail ${id} is being sent by another process`)
  }
  try {
    await deliver({ ...claimed, messageId: `<${id}@${new URL(env().BASE_URL).hostname}>` })
  } catch (error) {
    await db
      .update(emailOutbox)
      .set({ claimedUntil: null, lastError: String((error as Error).message ?? error).slice(0, 1000) })
      .where(eq(emailOutbox.id, id))
    throw error
  }
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(eq(emailOutbox.id, id))
}

/**
 * Queues the job that retries a message. Its id is the message's: a message
 * has one job, however often it is queued. Without a runner in this process
 * (a test's own database), the sweep of a process that has one finds it.
 */
async function retryLater(db: Database, id: string) {
  const runner = await jobRunnerFor(db)?.catch(() => undefined)
  await runner?.send(SEND_EMAIL_JOB, { id }, { id })
}

/** Re-queues the messages left unsent (a process died between keeping one and queueing its job). */
export async function sweepOutbox(db: Database) {
  const unsent = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        gt(emailOutbox.createdAt, sql`now() - interval '1 day'`),
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
      ),
    )
  for (const { id } of unsent) await retryLater(db, id)
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

let transport: Promise<Transporter> | undefined

/**
 * SMTP when EMAIL_SERVER is set; otherwise (development only: env validation
 * refuses production without it) the dev mailbox and the console. Short
 * timeouts: a silent mail server must not hold the request that asked.
 */
async function deliver(message: EmailMessage & { messageId: string }) {
  const { EMAIL_SERVER, EMAIL_FROM } = env()
  if (!EMAIL_SERVER) {
    pushToOutbox(message)
    logger.info({ to: message.to, subject: message.subject }, 'e-mail kept in the dev mailbox (/dev/mailbox)')
    return
  }
  transport ??= import('nodemailer').then((nodemailer) =>
    nodemailer.createTransport({
      url: EMAIL_SERVER,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    } as Parameters<typeof nodemailer.createTransport>[0]),
  )
  const { to, subject, text, html, messageId } = message
  await inSpan(
    'email.send',
    () => ({ 'email.transport': 'smtp' }),
    async () => {
      await (await transport!).sendMail({ from: EMAIL_FROM, to, subject, text, html, messageId })
    },
  )
}
