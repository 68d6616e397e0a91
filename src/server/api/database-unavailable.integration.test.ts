import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { resetEnvForTests } from '@/lib/env.server'
import { getAuth } from '@/server/auth/auth.server'
import { closeDatabase } from '@/server/db/index.server'
import type { Next } from '@/server/http/pipeline.server'
import { authRequests, signInWithCode } from '@/test/auth-requests'
import { createTestDatabase } from '@/test/database'
import { sameOriginRequest, serverDoors } from '@/test/server-doors'
import { type TcpRelay, tcpRelay } from '@/test/tcp-relay'

/**
 * The API's three doors while a real PostgreSQL cannot be reached: the
 * process's own database (the server's singletons) reaches the test's clone
 * through a TCP relay, which the test then shuts (the port closes, every
 * connection is cut), as when the database server goes down. Pages answer
 * 503 with Retry-After then; the API must too, never 500.
 */
const onPostgres = inject('postgres') !== undefined
const BASE_URL = 'http://localhost:3000'

describe.runIf(onPostgres)('the API while the database cannot be reached', () => {
  let relay: TcpRelay
  let handle: Next
  let cookie: string

  beforeAll(async () => {
    const clone = await createTestDatabase()
    relay = await tcpRelay(clone.url)
    process.env.DATABASE_URL = relay.url
    process.env.BASE_URL = BASE_URL
    process.env.RATE_LIMIT = 'true'
    resetEnvForTests()

    // The server entry's pipeline and doors (src/server.ts), on this process's database.
    handle = serverDoors()
    const auth = await getAuth()
    cookie = await signInWithCode(
      authRequests(() => ({ handler: (request: Request) => handle(request) }) as never),
      'user@user.com',
    )
    expect(auth).toBeDefined()
    // Reachable: the API answers.
    expect((await send('GET', '/api/rest/books')).status).toBe(200)

    // The database server goes away: the port closes and open connections are cut.
    await relay.cut()
  })

  afterAll(async () => {
    await closeDatabase().catch(() => {})
    delete process.env.DATABASE_URL
    resetEnvForTests()
  })

  function send(method: string, path: string, body?: unknown) {
    return handle(sameOriginRequest(BASE_URL, method, path, cookie, body))
  }

  it.each([
    ['GET', '/api/rest/books', undefined],
    ['POST', '/api/rest/books', { title: 'Unreachable', author: 'Nobody' }],
    ['POST', '/api/rpc/book/list', { json: {} }],
    ['POST', '/api/rpc/genre/list', { json: {} }],
    ['GET', '/api/auth/get-session', undefined],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/email-otp/send-verification-otp', { email: 'someone@example.com', type: 'sign-in' }],
    ['POST', '/api/auth/sign-in/email-otp', { email: 'someone@example.com', otp: '123456' }],
    ['POST', '/api/auth/sign-out', {}],
  ])('%s %s: 503 with Retry-After', async (method, path, body) => {
    const response = await send(method, path, body)
    const text = await response.text()
    expect(response.status, text).toBe(503)
    expect(Number(response.headers.get('retry-after')), text).toBeGreaterThan(0)
    expect(text).not.toMatch(/ECONNREFUSED|connect|at .*\(/)
  })
})
