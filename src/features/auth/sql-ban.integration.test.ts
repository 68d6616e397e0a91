import { sql } from 'drizzle-orm'
import { serve } from 'srvx/node'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { env, resetEnvForTests } from '@/lib/env.server'
import { closeDatabase, getDb } from '@/server/db/index.server'
import { authRequests, signInWithCode } from '@/test/auth-requests'
import { createTestDatabase } from '@/test/database'
import { serverDoors } from '@/test/server-doors'

import { postOnboarding } from './form-posts.server'

/**
 * A ban written in plain SQL (a script, `psql`: no hook of the auth service
 * runs, no session is ended), against a session already open, through the
 * server's HTTP pipeline and doors on the process's own database, over TCP:
 * the next request of every door is refused as a signed-out one, as after an
 * admin's ban. A ban whose end has passed refuses nothing.
 */
const EMAIL = 'user@user.com'
let server: ReturnType<typeof serve>
let cookie: string

/** Besides the API's doors, one form post (/onboarding), as src/server.ts answers it. */
async function onboardingPost(request: Request) {
  if (request.method === 'POST' && new URL(request.url).pathname === '/onboarding') {
    const answer = await postOnboarding({ request, next: ({ context }) => ({ isNext: true, context }) })
    return answer instanceof Response ? answer : new Response(null, { status: answer.context.formResult.status ?? 200 })
  }
  return new Response(null, { status: 404 })
}

beforeAll(async () => {
  if (inject('postgres')) {
    process.env.DATABASE_URL = (await createTestDatabase()).url
    resetEnvForTests()
  }
  await getDb()
  server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: serverDoors(onboardingPost),
    gracefulShutdown: false,
    silent: true,
  })
  await server.ready()
  const base = server.url!.replace(/\/$/, '')
  const send = (path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${base}/api/auth${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', origin: env().BASE_URL, ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  cookie = await signInWithCode({ post: send } as ReturnType<typeof authRequests>, EMAIL)
})

afterAll(async () => {
  await server?.close(true)
  await closeDatabase().catch(() => {})
  if (inject('postgres')) {
    process.env.DATABASE_URL = 'memory://'
    resetEnvForTests()
  }
})

/** The status of each door's request with the session cookie (what a signed-in person's browser sends). */
async function everyDoor() {
  const base = server.url!.replace(/\/$/, '')
  const headers = { cookie, origin: env().BASE_URL }
  const json = { ...headers, 'content-type': 'application/json' }
  const session = await fetch(`${base}/api/auth/get-session`, { headers })
  return {
    getSession: (((await session.json()) as { user?: { email: string } } | null)?.user?.email ?? null) as string | null,
    authRoute: (await fetch(`${base}/api/auth/list-sessions`, { headers })).status,
    rest: (await fetch(`${base}/api/rest/books`, { headers })).status,
    rpc: (await fetch(`${base}/api/rpc/book/list`, { method: 'POST', headers: json, body: '{"json":{}}' })).status,
    formPost: (
      await fetch(`${base}/onboarding`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Still+Here',
        redirect: 'manual',
      })
    ).status,
  }
}

const banInSql = async (until: 'never' | 'past') => {
  const db = await getDb()
  const expires = until === 'never' ? sql`null` : sql`now() - interval '1 minute'`
  await db.execute(sql`update "user" set banned = true, ban_expires = ${expires} where email = ${EMAIL}`)
}

describe('a ban written in SQL, through the HTTP server', () => {
  it('refuses the open session at the next request of every door, as signed out; an ended ban refuses nothing', async () => {
    const open = { getSession: EMAIL, authRoute: 200, rest: 200, rpc: 200, formPost: 303 }
    expect(await everyDoor()).toEqual(open)
    await banInSql('never')
    expect(await everyDoor()).toEqual({ getSession: null, authRoute: 401, rest: 401, rpc: 401, formPost: 401 })
    await banInSql('past')
    expect(await everyDoor()).toEqual(open)
  })
})
