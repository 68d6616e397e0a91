import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { resetEnvForTests } from '@/lib/env.server'
import { auditLog, authBudget, emailOutbox, session, user, verification } from '@/server/db/schema'
import type { JobDefinition } from '@/server/queue/queue.server'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { JOBS } from './index.server'

let handle: TestDatabase
const past = sql`now() - interval '1 minute'`
const future = sql`now() + interval '1 hour'`

beforeAll(async () => {
  process.env.AUDIT_RETENTION_DAYS = '30'
  resetEnvForTests()
  handle = await createTestDatabase()
})

afterAll(() => {
  delete process.env.AUDIT_RETENTION_DAYS
  resetEnvForTests()
})

async function run(name: string) {
  const job: JobDefinition = JOBS.find((job) => job.name === name)!
  await job.run(handle.db, {})
}

async function ids(table: typeof session | typeof verification | typeof auditLog, wanted: string[]) {
  const rows = await handle.db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))
  return rows.map((row) => row.id).toSorted()
}

it('deletes expired sessions, and keeps the others', async () => {
  const [someone] = await handle.db.select({ id: user.id }).from(user).limit(1)
  await handle.db.insert(session).values([
    { id: 's-old', token: 's-old', userId: someone!.id, expiresAt: past },
    { id: 's-live', token: 's-live', userId: someone!.id, expiresAt: future },
  ])
  await run('cleanup.sessions')
  expect(await ids(session, ['s-old', 's-live'])).toEqual(['s-live'])
})

it('deletes expired verification rows (sign-in codes), and keeps the others', async () => {
  await handle.db.insert(verification).values([
    { id: 'v-old', identifier: 'sign-in-otp-a@example.com', value: 'x:0', expiresAt: past },
    { id: 'v-live', identifier: 'sign-in-otp-b@example.com', value: 'x:0', expiresAt: future },
  ])
  await run('cleanup.verifications')
  expect(await ids(verification, ['v-old', 'v-live'])).toEqual(['v-live'])
})

it('deletes sign-in budgets past their window', async () => {
  await handle.db.insert(authBudget).values([
    { key: 'b-old', hits: [1], expiresAt: Date.now() - 1000 },
    { key: 'b-live', hits: [1], expiresAt: Date.now() + 60_000 },
  ])
  await run('cleanup.sign-in-budgets')
  const left = await handle.db
    .select({ key: authBudget.key })
    .from(authBudget)
    .where(inArray(authBudget.key, ['b-old', 'b-live']))
  expect(left.map((row) => row.key)).toEqual(['b-live'])
})

it('deletes audit entries older than AUDIT_RETENTION_DAYS', async () => {
  await handle.db.insert(auditLog).values([
    { id: 'a-old', action: 'ban', createdAt: sql`now() - interval '31 days'` },
    { id: 'a-kept', action: 'ban', createdAt: sql`now() - interval '29 days'` },
  ])
  await run('cleanup.audit')
  expect(await ids(auditLog, ['a-old', 'a-kept'])).toEqual(['a-kept'])
})

it('deletes e-mails sent more than a week ago, never an unsent one', async () => {
  const mail = { kind: 'test', to: 'a@example.com', subject: 's', text: 't', html: 'h' }
  await handle.db.insert(emailOutbox).values([
    { id: 'e-old', ...mail, sentAt: sql`now() - interval '8 days'` },
    { id: 'e-unsent', ...mail, createdAt: sql`now() - interval '8 days'` },
  ])
  await run('cleanup.sent-emails')
  const left = await handle.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ['e-old', 'e-unsent']))
  expect(left.map((row) => row.id)).toEqual(['e-unsent'])
})

it('runs each clean-up on a schedule', () => {
  for (const name of ['cleanup.sessions', 'cleanup.verifications', 'cleanup.sign-in-budgets', 'cleanup.audit']) {
    expect(JOBS.find((job) => job.name === name)?.schedule).toMatch(/^\d+ 3 \* \* \*$/)
  }
})
