import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

import { eq, inArray, sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import type { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createSmtpCatcher } from '@/../e2e/support/smtp-catcher'
import { resetEnvForTests } from '@/lib/env.server'
import { emailOutbox } from '@/server/db/schema'
import { outboxId, queueEmail, SEND_EMAIL_QUEUE, sendFromOutbox, sweepOutbox } from '@/server/email/outbox.server'
import type { QueueRunner } from '@/server/queue/queue.server'
import { createTestDatabase, type TestDatabase } from '@/test/database'
import { until } from '@/test/until'

import { JOBS, startJobs } from './index.server'

const message = { to: 'reader@example.com', subject: 'Your code', text: 'code 123456', html: '<p>code 123456</p>' }

/** The tests' SMTP catcher on a fixed port, so that it can stop and start again where the app expects it. */
class Catcher {
  mails: ParsedMail[] = []
  port = 0
  server: SMTPServer | undefined
  async start() {
    this.server = createSmtpCatcher((mail) => this.mails.push(mail))
    this.server.listen(this.port, '127.0.0.1')
    await once(this.server.server, 'listening')
    this.port = (this.server.server.address() as AddressInfo).port
  }
  async stop() {
    await new Promise<void>((resolve) => this.server!.close(() => resolve()))
  }
}

async function outboxRow(handle: TestDatabase, id: string) {
  const [row] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
  return row!
}

let handle: TestDatabase
let runner: QueueRunner
const catcher = new Catcher()

beforeAll(async () => {
  await catcher.start()
  process.env.EMAIL_SERVER = `smtp://127.0.0.1:${catcher.port}`
  resetEnvForTests()
  handle = await createTestDatabase()
  runner = await startJobs(handle)
})

afterAll(async () => {
  await runner.stop(1000)
  await catcher.stop().catch(() => {})
  delete process.env.EMAIL_SERVER
  resetEnvForTests()
})

afterEach(() => {
  catcher.mails = []
})

describe('the e-mail outbox', () => {
  it('sends at once when the mail server answers, under a Message-ID from its key', async () => {
    expect(await queueEmail(handle.db, message, { kind: 'test', key: 'at-once' })).toBe('sent')
    expect(catcher.mails).toHaveLength(1)
    expect(catcher.mails[0]!.messageId).toBe(`<${outboxId('at-once')}@localhost>`)
    expect((await outboxRow(handle, outboxId('at-once'))).sentAt).not.toBeNull()
  })

  it('keeps the message while the mail server is down and sends it within seconds of its return, once', async () => {
    await catcher.stop()
    try {
      expect(await queueEmail(handle.db, message, { kind: 'test', key: 'down' })).toBe('queued')
      const row = await outboxRow(handle, outboxId('down'))
      expect(row.sentAt).toBeNull()
      expect(row.lastError).toMatch(/ECONNREFUSED/)
      // Down for a few retries.
      await new Promise((resolve) => setTimeout(resolve, 6000))
    } finally {
      await catcher.start()
    }
    const back = Date.now()
    await until(() => catcher.mails.length > 0)
    expect(Date.now() - back).toBeLessThan(10_000)
    // The catcher has it before its answer reaches the sender, which then writes sent_at.
    await until(async () => (await outboxRow(handle, outboxId('down'))).sentAt, 5000)
    // The same request again (a retried call) is the same e-mail: not sent twice.
    await queueEmail(handle.db, message, { kind: 'test', key: 'down' })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(catcher.mails).toHaveLength(1)
  }, 40_000)

  it('sends once when two senders try the same message at the same moment', async () => {
    const id = outboxId('twice')
    await handle.db.insert(emailOutbox).values({ id, kind: 'test', ...message })
    const results = await Promise.allSettled([sendFromOutbox(handle.db, { id }), sendFromOutbox(handle.db, { id })])
    await sendFromOutbox(handle.db, { id })
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(1)
    expect(catcher.mails).toHaveLength(1)
  })

  it('a sender killed mid-send leaves the message claimed; once the claim lapses it is sent once', async () => {
    const id = outboxId('killed')
    // What a killed sender leaves: its claim and attempt written, no sent_at.
    await handle.db
      .insert(emailOutbox)
      .values({ id, kind: 'test', ...message, attempts: 1, claimedUntil: sql`now() + interval '30 seconds'` })
    await expect(sendFromOutbox(handle.db, { id })).rejects.toThrow(/another process/)
    expect(catcher.mails).toHaveLength(0)
    await handle.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id))
    await sendFromOutbox(handle.db, { id })
    await sendFromOutbox(handle.db, { id })
    expect(catcher.mails).toHaveLength(1)
    expect((await outboxRow(handle, id)).attempts).toBe(2)
  })
})

describe('what the outbox keeps', () => {
  it("erases a delivered message's words: the row keeps no code", async () => {
    const code = '731902'
    const coded = { to: 'reader@example.com', subject: `Code ${code}`, text: `code ${code}`, html: `<b>${code}</b>` }
    expect(await queueEmail(handle.db, coded, { kind: 'loginCode', key: 'erased', expiresInSeconds: 300 })).toBe('sent')
    expect(catcher.mails[0]!.text).toContain(code)
    const found = await handle.db.execute(
      sql`select count(*)::int as n from email_outbox kept where kept::text like ${`%${code}%`}`,
    )
    expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0)
    expect(await outboxRow(handle, outboxId('erased'))).toMatchObject({ subject: null, text: null, html: null })
  })

  it('never sends a code past its expiry, and the sweep deletes every message that can no longer go', async () => {
    const [expired, weekOld, waiting] = ['expired', 'week-old', 'waiting'].map(outboxId)
    await handle.db.insert(emailOutbox).values([
      // A code whose mail server was down for its whole life.
      { id: expired!, kind: 'loginCode', ...message, expiresAt: sql`now() - interval '1 second'` },
      // A notice whose job failed for good, and whose dead letter is gone from /manager/jobs.
      { id: weekOld!, kind: 'test', ...message, createdAt: sql`now() - interval '8 days'` },
      { id: waiting!, kind: 'test', ...message, claimedUntil: sql`now() + interval '1 minute'` },
    ])
    await sendFromOutbox(handle.db, { id: expired! })
    expect(catcher.mails).toHaveLength(0)
    await sweepOutbox(handle.db)
    const left = await handle.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [expired!, weekOld!, waiting!]))
    expect(left).toEqual([{ id: waiting }])
    // Leased by a sender (alive or not): its job waits for the lease's end.
    const job = await runner.boss.getJobById(SEND_EMAIL_QUEUE.name, waiting!)
    expect(job?.state).toBe('created')
    expect(new Date(job!.startAfter).getTime()).toBeGreaterThan(Date.now() + 50_000)
  })
})

describe('the job list', () => {
  it('lists the scheduled jobs with their cron', async () => {
    const schedules = await runner.boss.getSchedules()
    expect(schedules.map((schedule) => schedule.name)).toEqual(
      expect.arrayContaining(['email.sweep', 'cleanup.sessions', 'cleanup.audit']),
    )
    expect(JOBS.find((job) => job.name === SEND_EMAIL_QUEUE.name)?.retry.backoff).toBe(false)
  })
})
