import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { REST_PREFIX } from '@/server/api/handlers.server'
import { router } from '@/server/api/router.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { session, user } from '@/server/db/schema'
import { clearDevMailbox, listDevMailbox } from '@/server/email/dev-mailbox.server'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { clientAddressOf } from '../http/client-address.server'
import { type Next, pipeline } from '../http/pipeline.server'
import { requestSteps } from './request-pipeline.server'

// The pipeline in front of the real auth and REST handlers, on a database of the file's own:
// the attacks of issue 10 are refused before a route sees them, and the database is unchanged.

const BASE_URL = 'http://localhost:3000'
const PROXY = '10.0.0.2'
let api: ApiHarness
let handle: Next

beforeAll(async () => {
  api = await createApiHarness()
  const rest = new OpenAPIHandler(router)
  const app: Next = async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/api/auth/')) return handleAuthRequest(api.auth, request, clientAddressOf(request))
    if (pathname.startsWith(`${REST_PREFIX}/`)) {
      const context = apiContext({
        headers: request.headers,
        db: api.db,
        auth: api.auth,
        env: parseEnv({ BASE_URL }),
        clientIp: clientAddressOf(request),
      })
      const { matched, response } = await rest.handle(request, { prefix: REST_PREFIX, context })
      return matched ? response : new Response(null, { status: 404 })
    }
    return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } })
  }
  // Behind one proxy: the client address is the last X-Forwarded-For entry.
  handle = pipeline(
    requestSteps(parseEnv({ BASE_URL, TRUST_PROXY: '1' }), () => PROXY),
    app,
  )
})

async function send(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; as?: 'admin' | 'user' } = {},
) {
  const headers = new Headers(init.headers)
  const cookie = init.as ? await api.cookie(init.as) : undefined
  if (cookie) headers.set('cookie', cookie)
  return handle(
    new Request(`${BASE_URL}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body,
    }),
  )
}

const json = { 'content-type': 'application/json' }
const usersNamed = async (email: string) => api.db.select().from(user).where(eq(user.email, email))

describe('cross-site writes (the CSRF reproduction)', () => {
  it('refuses a form post to /api/rest/users with an admin cookie from another origin: nothing is created', async () => {
    const email = 'mallory@evil.example'
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const body = `name=Mallory&email=${encodeURIComponent(email)}&role=admin`
    const foreign = await send('/api/rest/users', {
      as: 'admin',
      body,
      headers: { ...form, origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
    expect(
      (await send('/api/rest/users', { as: 'admin', body, headers: { ...form, 'sec-fetch-site': 'same-site' } }))
        .status,
    ).toBe(403)
    expect((await send('/api/rest/users', { as: 'admin', body, headers: form })).status).toBe(415)
    expect(await usersNamed(email)).toEqual([])
  })

  it('lets curl with the admin cookie and JSON, no Origin, create a user', async () => {
    const created = await send('/api/rest/users', {
      as: 'admin',
      body: JSON.stringify({ name: 'Curl', email: 'curl@example.com', role: 'user' }),
      headers: json,
    })
    expect(created.status).toBe(201)
    expect(await usersNamed('curl@example.com')).toHaveLength(1)
  })
})

describe('bad input on the auth routes: 4xx, never 5xx', () => {
  it('refuses NUL in an admin route’s body before better-auth queries it, for a plain user as for an admin', async () => {
    for (const as of ['user', 'admin'] as const) {
      const response = await send('/api/auth/admin/set-role', {
        as,
        body: JSON.stringify({ userId: 'a\u0000b', role: 'admin' }),
        headers: json,
      })
      expect(response.status, as).toBe(400)
    }
    expect(
      (
        await send('/api/auth/sign-in/email-otp', {
          body: JSON.stringify({ email: 'a\u0000@example.com', otp: '123456' }),
          headers: json,
        })
      ).status,
    ).toBe(400)
  })

  it('refuses 10,000-deep JSON and a body that is not an object', async () => {
    const deep = `{"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`
    expect((await send('/api/auth/update-user', { as: 'user', body: deep, headers: json })).status).toBe(400)
    expect((await send('/api/auth/admin/create-user', { as: 'admin', body: deep, headers: json })).status).toBe(400)
    expect((await send('/api/auth/update-user', { as: 'user', body: 'true', headers: json })).status).toBe(400)
  })

  it('answers concurrent creations of one e-mail 200 once and 4xx otherwise (409 Email already used on the unique violation)', async () => {
    const body = JSON.stringify({
      email: 'twice@example.com',
      name: 'Twice',
      role: 'user',
      password: 'a-long-password-123',
    })
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => send('/api/auth/admin/create-user', { as: 'admin', body, headers: json })),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(
      statuses.every((status) => status === 200 || (status >= 400 && status < 500)),
      String(statuses),
    ).toBe(true)
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect(await response.json()).toEqual({ code: 'USER_ALREADY_EXISTS', message: 'Email already used' })
    }
    expect(await usersNamed('twice@example.com')).toHaveLength(1)
  })
})

describe('the client address', () => {
  it('is X-Forwarded-For’s last entry behind the trusted proxy, recorded on the session (never the client’s own claim)', async () => {
    clearDevMailbox()
    const headers = { ...json, 'x-forwarded-for': '6.6.6.6, 198.51.100.23', 'x-start-client-ip': '6.6.6.6' }
    await send('/api/auth/email-otp/send-verification-otp', {
      body: JSON.stringify({ email: 'user@user.com', type: 'sign-in' }),
      headers,
    })
    const otp = /\b(\d{6})\b/.exec(listDevMailbox()[0]!.text)![1]!
    const signIn = await send('/api/auth/sign-in/email-otp', {
      body: JSON.stringify({ email: 'user@user.com', otp }),
      headers,
    })
    expect(signIn.status).toBe(200)
    const { user: signedIn } = (await signIn.json()) as { user: { id: string } }
    const addresses = (
      await api.db.select({ ip: session.ipAddress }).from(session).where(eq(session.userId, signedIn.id))
    ).map((row) => row.ip)
    expect(addresses).toContain('198.51.100.23')
    expect(addresses).not.toContain('6.6.6.6')
  })
})
