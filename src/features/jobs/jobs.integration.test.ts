import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { JOBS, startJobs } from '@/server/jobs/index.server'
import type { QueueRunner } from '@/server/queue/queue.server'
import { type ApiHarness, createApiHarness } from '@/test/api'

let api: ApiHarness
let runner: QueueRunner

beforeAll(async () => {
  api = await createApiHarness()
  // Queues only: the test decides what runs.
  runner = await startJobs(api.handle, { work: false })
})

afterAll(() => runner.stop(1000))

/** A job of `queue` in `state`, written as pg-boss leaves it. */
async function jobIn(queue: string, state: 'created' | 'failed' | 'completed', message = 'SMTP refused') {
  const id = (await runner.boss.send(queue, { id: 'none' }))!
  if (state === 'failed') await runner.boss.fail(queue, id, { message })
  if (state === 'completed') {
    await runner.boss.fetch(queue) // pg-boss completes only a running job
    await runner.boss.complete(queue, id)
  }
  return id
}

describe('jobs.overview', () => {
  it(
    'answers zero counts, not an error, before the queue has ever started on a database',
    { timeout: 90_000 },
    async () => {
      // A second database: seeding it under load can take a while.
      const fresh = await createApiHarness()
      const overview = await (await fresh.client('admin')).jobs.overview()
      expect(overview.failures).toEqual([])
      expect(overview.queues.every((queue) => Object.values(queue.counts).every((n) => n === 0))).toBe(true)
      expect(
        (await fresh.rest('admin', 'POST', '/jobs/email.send/00000000-0000-4000-8000-000000000000/retry')).status,
      ).toBe(404)
    },
  )

  it('gives an admin every queue with its counts by state, and the latest failures with their error', async () => {
    const id = await jobIn('email.send', 'failed')
    // email.send retries: its first failure leaves it to retry.
    const overview = await (await api.client('admin')).jobs.overview()
    expect(overview.queues.map((queue) => queue.name)).toEqual(JOBS.map((job) => job.name))
    const send = overview.queues.find((queue) => queue.name === 'email.send')!
    expect(send.counts.retry + send.counts.failed).toBeGreaterThanOrEqual(1)
    expect(overview.queues.find((queue) => queue.name === 'cleanup.audit')!.schedule).toMatch(/ 3 \* \* \*$/)
    expect(overview.failures).toContainEqual(
      expect.objectContaining({ id, queue: 'email.send', state: 'retry', error: 'SMTP refused', retryCount: 0 }),
    )
  })

  it('refuses a user (403) and a visitor (401)', async () => {
    expect((await api.rest('user', 'GET', '/jobs')).status).toBe(403)
    expect((await api.rest('anonymous', 'GET', '/jobs')).status).toBe(401)
  })
})

describe('jobs.retry and jobs.cancel', () => {
  it('lets an admin retry a job in the dead-letter state, and refuses one that has not failed (409)', async () => {
    const id = await jobIn('cleanup.audit', 'created')
    await runner.boss.fail('cleanup.audit', id, { message: 'disk full' })
    const admin = await api.client('admin')
    // cleanup.audit retries 5 times: force the dead-letter state as its retries spent would.
    await api.handle.executeSql(`update pgboss.job set state = 'failed' where id = $1`, [id])
    expect((await admin.jobs.overview()).failures).toContainEqual(expect.objectContaining({ id, state: 'failed' }))

    expect(await admin.jobs.retry({ queue: 'cleanup.audit', id })).toEqual({ success: true })
    expect((await runner.boss.getJobById('cleanup.audit', id))?.state).toBe('retry')

    const refused = await api.rest('admin', 'POST', `/jobs/cleanup.audit/${id}/retry`)
    expect(refused.status).toBe(409)
    expect((await refused.json()).message).toBe('Only a failed job can be retried')
  })

  it('lets an admin cancel a waiting job, and refuses a finished one (409)', async () => {
    const admin = await api.client('admin')
    const waiting = await jobIn('cleanup.sessions', 'created')
    expect(await admin.jobs.cancel({ queue: 'cleanup.sessions', id: waiting })).toEqual({ success: true })
    expect((await runner.boss.getJobById('cleanup.sessions', waiting))?.state).toBe('cancelled')
    const done = await jobIn('cleanup.sessions', 'completed')
    expect((await api.rest('admin', 'POST', `/jobs/cleanup.sessions/${done}/cancel`)).status).toBe(409)
  })

  it('answers 404 for no such job and 400 for an unknown queue or a malformed id', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await api.rest('admin', 'POST', `/jobs/email.send/${missing}/retry`)).status).toBe(404)
    expect((await api.rest('admin', 'POST', `/jobs/nope/${missing}/retry`)).status).toBe(400)
    expect((await api.rest('admin', 'POST', `/jobs/email.send/not-a-uuid/cancel`)).status).toBe(400)
  })

  it('refuses a user (403) and a visitor (401), and changes nothing', async () => {
    const id = await jobIn('cleanup.verifications', 'created')
    expect((await api.rest('user', 'POST', `/jobs/cleanup.verifications/${id}/cancel`)).status).toBe(403)
    expect((await api.rest('anonymous', 'POST', `/jobs/cleanup.verifications/${id}/cancel`)).status).toBe(401)
    expect((await api.rest('user', 'POST', `/jobs/cleanup.verifications/${id}/retry`)).status).toBe(403)
    expect((await runner.boss.getJobById('cleanup.verifications', id))?.state).toBe('created')
  })
})
