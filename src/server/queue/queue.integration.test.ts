import { describe, expect, inject, it } from 'vitest'

import { openDatabase } from '@/server/db/client.server'
import { createTestDatabase } from '@/test/database'
import { until } from '@/test/until'

import { enqueue, type JobDefinition, type Queue, startQueue } from './queue.server'

const onPostgres = inject('postgres') !== undefined

describe('the job queue', () => {
  it('retries a failing job with a growing delay, then keeps it failed (dead letter)', async () => {
    const runs: number[] = []
    const failing: JobDefinition = {
      name: 'test.failing',
      retry: { limit: 2, delaySeconds: 2, backoff: true },
      run: async () => {
        runs.push(Date.now())
        throw new Error('always fails')
      },
    }
    const own = await createTestDatabase()
    const failingRunner = await startQueue(own, [failing])
    try {
      const id = (await failingRunner.send(failing.name, {}))!
      const job = await until(async () => {
        const found = await failingRunner.boss.getJobById(failing.name, id)
        return found?.state === 'failed' ? found : undefined
      }, 25_000)
      expect(runs).toHaveLength(3)
      expect(job.retryCount).toBe(2)
      expect((job.output as { message?: string }).message).toBe('always fails')
      // Backoff: pg-boss waits between 1× and 2× of delay·2^(retry) (jittered), polled every second. The
      // second wait is at least 4 s; without backoff every wait would be 2 s and at most a poll more.
      expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(3950)
    } finally {
      await failingRunner.stop(1000)
    }
  }, 40_000)

  it('runs each job once across two processes', async () => {
    if (!onPostgres) return // PGlite is one process's database.
    const seen: number[] = []
    const counting: JobDefinition = {
      name: 'test.counting',
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      run: async (_db, data) => {
        seen.push((data as { n: number }).n)
      },
    }
    const own = await createTestDatabase()
    const a = await startQueue(own, [counting])
    // A second process: its own connection pool and its own pg-boss.
    const otherHandle = await openDatabase(own.url)
    const b = await startQueue(otherHandle, [counting])
    try {
      for (let n = 0; n < 40; n++) await a.send('test.counting', { n })
      await until(() => seen.length >= 40, 20_000)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(seen.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n))
    } finally {
      await a.stop(1000)
      await b.stop(1000)
      await otherHandle.close()
    }
  }, 40_000)

  it('lets a running job finish when it stops (SIGTERM), and starts no new one', async () => {
    let finished = 0
    let started = 0
    const slow: JobDefinition = {
      name: 'test.slow',
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      run: async () => {
        started++
        await new Promise((resolve) => setTimeout(resolve, 1500))
        finished++
      },
    }
    const own = await createTestDatabase()
    const slowRunner = await startQueue(own, [slow])
    const id = (await slowRunner.send(slow.name, {}))!
    await until(() => started === 1)
    await slowRunner.send(slow.name, {})
    await slowRunner.stop(5000)
    expect(finished).toBe(1)
    expect(started).toBe(1)
    const job = await slowRunner.boss.getJobById(slow.name, id)
    expect(job?.state).toBe('completed')
  }, 30_000)

  it('enqueues through the runner of the database, typed by its queue; without a runner, nothing', async () => {
    const seen: string[] = []
    const greetings: Queue<{ to: string }> = { name: 'test.greetings' }
    const greet: JobDefinition<{ to: string }> = {
      ...greetings,
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      run: async (_db, { to }) => void seen.push(to),
    }
    const own = await createTestDatabase()
    expect(await enqueue(own.db, greetings, { to: 'nobody' })).toBeNull()
    const greeter = await startQueue(own, [greet])
    try {
      expect(await enqueue(own.db, greetings, { to: 'reader' })).toEqual(expect.any(String))
      await until(() => seen.length > 0)
      expect(seen).toEqual(['reader'])
    } finally {
      await greeter.stop(1000)
    }
  })
})
