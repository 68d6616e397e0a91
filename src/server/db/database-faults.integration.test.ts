import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { resetEnvForTests } from '@/lib/env.server'
import { getDb } from '@/server/db/index.server'
import type { Next } from '@/server/http/pipeline.server'
import { tallies } from '@/server/platform/tallies.server'
import { startProcess, stopProcess } from '@/server/process/process.server'
import { queueRunnerFor } from '@/server/queue/queue.server'
import { authRequests, signInWithCode } from '@/test/auth-requests'
import { createTestDatabase } from '@/test/database'
import { sameOriginRequest, serverDoors } from '@/test/server-doors'
import { type TcpRelay, tcpRelay } from '@/test/tcp-relay'

/**
 * The faults a real deployment meets between the app and PostgreSQL, with
 * the default timeouts: the process's own database (the server's singletons)
 * reaches the test's clone through a TCP relay. A partition holds the bytes
 * (nothing is refused, nothing closes): every door answers 503 with
 * Retry-After within 10 s, and the app, its job queue and its change-notice
 * listener come back by themselves when it ends. A database that refuses
 * connections with a SQLSTATE of its own (55000, ALLOW_CONNECTIONS false) is
 * unavailable too. PGlite runs in the process: no network, nothing to hold.
 */
const postgres = inject('postgres')
const BASE_URL = 'http://localhost:3000'
const ANSWER_WITHIN_MS = 10_000

/** The requests of every door that need the database: the API's three, and the auth service's. */
const REQUESTS: Array<[string, string, unknown]> = [
  ['GET', '/api/rest/books', undefined],
  ['POST', '/api/rest/books', { title: 'Partitioned', author: 'Nobody' }],
  ['POST', '/api/rpc/book/list', { json: {} }],
  ['POST', '/api/rpc/genre/list', { json: {} }],
  ['GET', '/api/auth/list-sessions', undefined],
  ['POST', '/api/auth/email-otp/send-verification-otp', { email: 'someone@example.com', type: 'sign-in' }],
  ['POST', '/api/auth/sign-in/email-otp', { email: 'someone@example.com', otp: '123456' }],
]

describe.runIf(postgres)('the app between it and PostgreSQL, faults', () => {
  let relay: TcpRelay
  let handle: Next
  let cookie: string
  let clone: Awaited<ReturnType<typeof createTestDatabase>>

  beforeAll(async () => {
    clone = await createTestDatabase()
    relay = await tcpRelay(clone.url)
    process.env.DATABASE_URL = relay.url
    process.env.BASE_URL = BASE_URL
    process.env.RATE_LIMIT = 'true'
    resetEnvForTests()
    // The server entry's pipeline and doors (src/server.ts), on this process's database.
    handle = serverDoors()
  })

  afterAll(async () => {
    relay?.pass()
    await stopProcess().catch(() => {})
    delete process.env.DATABASE_URL
    resetEnvForTests()
  })

  function send(method: string, path: string, body?: unknown) {
    return handle(sameOriginRequest(BASE_URL, method, path, cookie, body))
  }

  /** The answer and how long it took, or 'no answer' after ANSWER_WITHIN_MS. */
  async function timed(method: string, path: string, body?: unknown) {
    const started = performance.now()
    const answer = await Promise.race([
      send(method, path, body).then(async (response) => ({
        status: response.status,
        retryAfter: Number(response.headers.get('retry-after')),
        text: await response.text(),
      })),
      new Promise<undefined>((resolve) => setTimeout(resolve, ANSWER_WITHIN_MS)),
    ])
    return { path, answer, ms: Math.round(performance.now() - started) }
  }

  function expectUnavailable(results: Array<Awaited<ReturnType<typeof timed>>>) {
    for (const { path, answer, ms } of results) {
      expect(answer, `${path}: no answer within ${ANSWER_WITHIN_MS} ms`).toBeDefined()
      expect(answer!.status, `${path} (${ms} ms): ${answer!.text}`).toBe(503)
      expect(answer!.retryAfter, path).toBeGreaterThan(0)
      expect(answer!.text).not.toMatch(/timeout|connect|at .*\(/i)
    }
  }

  it('a partition while the job queue starts: it starts once the partition ends', async () => {
    // The database opens, then the queue starts in the background, and meets the partition.
    const db = await startProcess({ closeOnSignal: false }).then((handle) => handle.db)
    relay.hold()
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    relay.pass()
    await eventually(async () => expect(await queueRunnerFor(db)).toBeDefined(), 30_000)
  }, 60_000)

  it('a partition is answered 503 with Retry-After within 10 s, and the app recovers when it ends', async () => {
    cookie = await signInWithCode(
      authRequests(() => ({ handler: (request: Request) => handle(request) }) as never),
      'user@user.com',
    )
    expect((await send('GET', '/api/rest/books')).status).toBe(200)
    await eventually(() => expect(listening()).toBe(1))
    relay.hold()
    try {
      expectUnavailable(await Promise.all(REQUESTS.map(([method, path, body]) => timed(method, path, body))))
      // The listener finds out too: what it kept is no longer trusted, and a session check asks the database.
      await eventually(() => expect(listening()).toBe(0), ANSWER_WITHIN_MS + 5_000)
      expectUnavailable([await timed('GET', '/api/auth/get-session')])
    } finally {
      relay.pass()
    }
    await eventually(async () => expect((await send('GET', '/api/rest/books')).status).toBe(200))
    expect((await send('GET', '/api/auth/get-session')).status).toBe(200)
    // The change-notice listener and the job queue are back, in the same process.
    await eventually(() => expect(listening()).toBe(1), 40_000)
    const runner = await queueRunnerFor(await getDb())!
    const id = await runner.send('cleanup.verifications', {})
    await eventually(async () =>
      expect((await runner.boss.getJobById('cleanup.verifications', id!))?.state).toBe('completed'),
    )
  }, 120_000)

  it('a database that refuses connections (55000, ALLOW_CONNECTIONS false) is unavailable, then back', async () => {
    const name = new URL(clone.url).pathname.slice(1)
    await admin(`alter database "${name}" allow_connections false`)
    try {
      // Its open connections end (57P01): the pool must connect anew, and is refused with 55000.
      await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`)
      // Until the listener reads its own end, what it kept is still trusted (a request a moment
      // earlier would have had the same answer); once it has, every door asks the database.
      await eventually(() => expect(listening()).toBe(0))
      expectUnavailable(
        await Promise.all(
          [...REQUESTS, ['GET', '/api/auth/get-session', undefined] as const].map(([method, path, body]) =>
            timed(method, path, body),
          ),
        ),
      )
    } finally {
      await admin(`alter database "${name}" allow_connections true`)
    }
    await eventually(async () => expect((await send('GET', '/api/rest/books')).status).toBe(200))
  }, 60_000)
})

/** Whether the change-notice listener hears the database (its gauge, as /api/metrics reads it). */
function listening() {
  const gauge = new Map(tallies()).get('start_books_change_notices_listening')
  return [...(gauge?.read() ?? [])][0]?.value
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: inject('postgres')!.adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Retries `check` until it passes, for up to `ms`. */
async function eventually(check: () => unknown, ms = 15_000) {
  const deadline = Date.now() + ms
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}
