import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { createRouterClient, type RouterClient } from '@orpc/server'
import { RPCHandler } from '@orpc/server/fetch'
import { ResponseHeadersPlugin } from '@orpc/server/plugins'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { REST_PREFIX, RPC_PREFIX } from '@/server/api/handlers.server'
import { type Router, router } from '@/server/api/router.server'
import { type Auth, createAuth } from '@/server/auth/auth.server'
import { readDemoHint } from '@/server/auth/demo-hint.server'
import { listDevMailbox } from '@/server/email/dev-mailbox.server'
import { type Next, pipeline } from '@/server/http/pipeline.server'
import { requestSteps } from '@/server/pipeline/request-pipeline.server'

import { createTestDatabase, type TestDatabase } from './database'

const BASE_URL = 'http://localhost:3000'
const CLIENT_IP = '203.0.113.7'

/** Who calls: a seeded role, any e-mail address of an existing user, or nobody. */
export type Caller = 'admin' | 'user' | 'anonymous' | { email: string }

const SEEDED = { admin: 'admin@admin.com', user: 'user@user.com' } as const

export interface ApiHarness {
  db: TestDatabase['db']
  handle: TestDatabase
  auth: Auth
  /** The typed client as `caller` (the same procedures the browser reaches through /api/rpc). */
  client(caller: Caller): Promise<RouterClient<Router>>
  /** An HTTP request to /api/rest/… as `caller`: status codes and JSON bodies as a REST client sees them (bytes are sent raw). */
  rest(caller: Caller, method: string, path: string, body?: unknown): Promise<Response>
  /** The same request through the server's request pipeline (request-pipeline.server.ts), headers as a client gets them. */
  served(caller: Caller, method: string, path: string, body?: unknown): Promise<Response>
  /** An HTTP request to /api/rpc/… as `caller`, with `cookies` besides the session's (as a browser sends back). */
  rpc(caller: Caller, path: string, input?: unknown, cookies?: string): Promise<Response>
  /** A POST to the auth service's route (`/admin/ban-user`…) as `caller`, as a browser of the app sends it. */
  authPost(
    caller: Caller,
    path: string,
    body: unknown,
  ): Promise<{ status: number; code?: string; json: unknown; response: Response }>
  /** The session cookie of a signed-in `caller` (signs in by e-mail code once, then reuses it). */
  cookie(caller: Caller): Promise<string | undefined>
  /** Forgets cached cookies (after a ban or a revoked session, say). */
  forget(caller?: Caller): void
}

/**
 * The application API over a database of the test file's own (PGlite, or a
 * PostgreSQL clone in the `postgres` project), with real sign-ins by e-mail
 * code, so each procedure can be called as an admin, a user or nobody.
 */
export async function createApiHarness(
  options: { demoMode?: boolean; language?: string; env?: Record<string, string>; database?: TestDatabase } = {},
): Promise<ApiHarness> {
  // A database given: another instance of the app on the same database (its own auth, its own sign-ins).
  const handle = options.database ?? (await createTestDatabase())
  const env = parseEnv({
    NODE_ENV: 'test',
    BASE_URL,
    RATE_LIMIT: 'false',
    DEMO_MODE: options.demoMode ? 'true' : 'false',
    ...options.env,
  })
  const auth = createAuth(handle.db, env)
  // As handlers.server.ts: a procedure may set a cookie on its answer.
  const plugins = [new ResponseHeadersPlugin()]
  const rpcHandler = new RPCHandler(router, { plugins })
  const restHandler = new OpenAPIHandler(router, { plugins })
  const cookies = new Map<string, Promise<string>>()

  const emailOf = (caller: Caller) =>
    caller === 'anonymous' ? undefined : typeof caller === 'string' ? SEEDED[caller] : caller.email

  async function signIn(email: string) {
    const post = (path: string, body: unknown) =>
      auth.handler(
        new Request(`${BASE_URL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE_URL },
          body: JSON.stringify(body),
        }),
      )
    const sent = await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })
    if (!sent.ok) throw new Error(`could not send a code to ${email}: ${await sent.text()}`)
    // Demo mode shows the demo accounts' codes on the verify page instead of mailing them.
    const hint = await readDemoHint(auth, email)
    const mail = listDevMailbox().find((entry) => entry.to === email) // newest first
    const otp = hint?.code ?? (mail && /\b(\d{6})\b/.exec(mail.text)?.[1])
    if (!otp) throw new Error(`no code e-mailed to ${email}`)
    const response = await post('/sign-in/email-otp', { email, otp })
    if (!response.ok) throw new Error(`could not sign ${email} in: ${await response.text()}`)
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => /^(__Secure-)?better-auth\.session_token=./.test(pair))
    if (!cookie) throw new Error(`no session cookie for ${email}`)
    return cookie
  }

  async function cookie(caller: Caller) {
    const email = emailOf(caller)
    if (!email) return undefined
    let pending = cookies.get(email)
    if (!pending) {
      pending = signIn(email)
      cookies.set(email, pending)
      pending.catch(() => cookies.delete(email))
    }
    return pending
  }

  async function headersOf(caller: Caller, extra: Record<string, string> = {}) {
    const headers = new Headers(extra)
    const value = await cookie(caller)
    if (value) headers.set('cookie', value)
    if (options.language) headers.set('accept-language', options.language)
    return headers
  }

  async function contextOf(caller: Caller, headers?: Headers) {
    return apiContext({
      headers: headers ?? (await headersOf(caller)),
      db: handle.db,
      auth,
      env,
      clientIp: CLIENT_IP,
    })
  }

  async function restRequest(caller: Caller, method: string, path: string, body?: unknown) {
    // Bytes go as they are (a picture), as a browser sends a file; anything else as JSON.
    const raw = body instanceof Uint8Array
    const contentType = raw ? 'application/octet-stream' : 'application/json'
    const headers = await headersOf(caller, body === undefined ? {} : { 'content-type': contentType })
    return new Request(`${BASE_URL}${REST_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
    })
  }

  const restDoor: Next = async (request) => {
    const { matched, response } = await restHandler.handle(request, {
      prefix: REST_PREFIX,
      context: await contextOf('anonymous', request.headers),
    })
    return matched ? response : new Response('not matched', { status: 404 })
  }
  const frontDoor = pipeline(
    requestSteps(
      env,
      () => CLIENT_IP,
      async () => ({ db: handle.db, auth }),
    ),
    restDoor,
  )

  return {
    db: handle.db,
    handle,
    auth,
    async client(caller) {
      const context = await contextOf(caller)
      return createRouterClient(router, { context })
    },
    async rest(caller, method, path, body) {
      return restDoor(await restRequest(caller, method, path, body))
    },
    async served(caller, method, path, body) {
      return frontDoor(await restRequest(caller, method, path, body))
    },
    async rpc(caller, path, input, cookies) {
      const headers = await headersOf(caller, { 'content-type': 'application/json' })
      if (cookies) headers.set('cookie', [headers.get('cookie'), cookies].filter(Boolean).join('; '))
      const request = new Request(`${BASE_URL}${RPC_PREFIX}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ json: input ?? null }),
      })
      const { matched, response } = await rpcHandler.handle(request, {
        prefix: RPC_PREFIX,
        context: await contextOf(caller, headers),
      })
      return matched ? response : new Response('not matched', { status: 404 })
    },
    async authPost(caller, path, body) {
      const headers = await headersOf(caller, { 'content-type': 'application/json', origin: BASE_URL })
      const response = await auth.handler(
        new Request(`${BASE_URL}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      )
      const json = (await response.json().catch(() => null)) as { code?: string } | null
      return { status: response.status, code: json?.code, json, response }
    },
    cookie,
    forget(caller) {
      if (!caller) cookies.clear()
      else {
        const email = emailOf(caller)
        if (email) cookies.delete(email)
      }
    },
  }
}
