import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { DEMO_MODE_STATUS } from '@/lib/demo/demo-error'
import { type Env, parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { REST_PREFIX } from '@/server/api/handlers.server'
import { router } from '@/server/api/router.server'
import { webVital } from '@/server/db/schema'
import { clientAddressOf } from '@/server/http/client-address.server'
import { installPageRoutes } from '@/server/http/page-routes.server'
import { pipeline } from '@/server/http/pipeline.server'
import cleanupWebVitals from '@/server/jobs/cleanup-web-vitals.job.server'
import { requestSteps } from '@/server/pipeline/request-pipeline.server'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { vitalsP75 } from './vitals.server'

// What src/server.ts installs from the route tree (a few of them).
installPageRoutes(['/', '/login', '/app/books', '/app/books/$id', '/manager/dashboard', '/api/metrics'])

const report = (route: string, metrics: Array<{ name: string; value: number }>) => ({ route, metrics })

let api: ApiHarness
beforeAll(async () => {
  api = await createApiHarness({ language: 'fr' })
})

async function rowsOf(route: string) {
  return api.db
    .select({ metric: webVital.metric, value: webVital.value })
    .from(webVital)
    .where(sql`${webVital.route} = ${route}`)
    .orderBy(webVital.metric)
}

describe('POST /api/rest/vitals', () => {
  it('keeps a page’s measures under its route template, with nothing of the sender', async () => {
    const answer = await api.rest(
      'user',
      'POST',
      '/vitals',
      report('/app/books/$id', [
        { name: 'LCP', value: 1234.5 },
        { name: 'INP', value: 88 },
        { name: 'CLS', value: 0.02 },
      ]),
    )
    expect(answer.status).toBe(200)
    expect(await rowsOf('/app/books/$id')).toEqual([
      { metric: 'CLS', value: 0.02 },
      { metric: 'INP', value: 88 },
      { metric: 'LCP', value: 1234.5 },
    ])
    // The table has no column for a user or an address: the client is a tag of the day, not its address.
    const columns = await api.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'web_vital' order by column_name`,
    )
    expect((columns as unknown as { rows: Array<{ column_name: string }> }).rows.map((r) => r.column_name)).toEqual([
      'client',
      'id',
      'metric',
      'recorded_at',
      'route',
      'value',
    ])
    const clients = await api.db
      .selectDistinct({ client: webVital.client })
      .from(webVital)
      .where(sql`${webVital.route} = '/app/books/$id'`)
    expect(clients).toEqual([{ client: expect.stringMatching(/^[\w-]{16}$/) }])
    expect(clients[0]!.client).not.toContain('203')
  })

  it.each([
    ['a raw URL', report('/app/books/4f1c2a', [{ name: 'LCP', value: 1 }]), 'route'],
    ['a URL with its query', report('/app/books?q=dune', [{ name: 'LCP', value: 1 }]), 'route'],
    ['an absolute URL', report('https://example.com/login', [{ name: 'LCP', value: 1 }]), 'route'],
    ['a route no page has', report('/app/nowhere', [{ name: 'LCP', value: 1 }]), 'route'],
    ['an API route', report('/api/metrics', [{ name: 'LCP', value: 1 }]), 'route'],
    ['another metric', report('/login', [{ name: 'FID', value: 1 }]), 'metrics'],
    ['a negative value', report('/login', [{ name: 'CLS', value: -1 }]), 'metrics'],
    ['a value past the bound', report('/login', [{ name: 'LCP', value: 1e9 }]), 'metrics'],
    [
      'a metric twice',
      report('/login', [
        { name: 'LCP', value: 1 },
        { name: 'LCP', value: 2 },
      ]),
      'metrics',
    ],
    ['no metric', report('/login', []), 'metrics'],
    ['a string value', { route: '/login', metrics: [{ name: 'LCP', value: 'fast' }] }, 'metrics'],
  ])('refuses %s (400, translated), and keeps nothing', async (_, body, field) => {
    const before = await api.db.select({ n: sql<number>`count(*)::int` }).from(webVital)
    const answer = await api.rest('anonymous', 'POST', '/vitals', body)
    expect(answer.status).toBe(400)
    const json = (await answer.json()) as { message: string; data?: { fields?: Record<string, string> } }
    // French (the harness asks for it): no key, no English.
    expect(json.message).not.toMatch(/^[a-z]+:[a-z]|Invalid input|Bad Request/)
    if (field === 'route') expect(JSON.stringify(json)).toContain('modèle de route')
    expect(await api.db.select({ n: sql<number>`count(*)::int` }).from(webVital)).toEqual(before)
  })

  it('refuses a value that is not a finite number (JSON has no Infinity: a huge literal)', async () => {
    const answer = await api.rest('anonymous', 'POST', '/vitals', { route: '/login', metrics: [] })
    expect(answer.status).toBe(400)
    const raw = await api.rest(
      'anonymous',
      'POST',
      '/vitals',
      JSON.parse('{"route":"/login","metrics":[{"name":"INP","value":1e400}]}') as unknown,
    )
    expect(raw.status).toBe(400)
  })
})

describe('the limit per client address', () => {
  it('takes 100 reports in 10 minutes from one address, then answers 429', async () => {
    const limited = await createApiHarness({ env: { RATE_LIMIT: 'true' } })
    const one = report('/login', [{ name: 'CLS', value: 0 }])
    for (let sent = 0; sent < 100; sent++) {
      expect((await limited.rest('anonymous', 'POST', '/vitals', one)).status).toBe(200)
    }
    expect((await limited.rest('anonymous', 'POST', '/vitals', one)).status).toBe(429)
  }, 60_000)
})

describe('in demo mode', () => {
  it('accepts reports (they are nobody’s data), while other writes stay refused', async () => {
    const demo = await createApiHarness({ demoMode: true })
    expect(
      (await demo.rest('anonymous', 'POST', '/vitals', report('/login', [{ name: 'LCP', value: 900 }]))).status,
    ).toBe(200)
    expect((await demo.rest('admin', 'POST', '/books', { title: 'x', author: 'y' })).status).toBe(DEMO_MODE_STATUS)
  })
})

/** POST /api/rest/vitals through the request pipeline, on the file's database, behind one proxy (10.0.0.2). */
function postThroughFrontDoor(config: Env) {
  const rest = new OpenAPIHandler(router)
  const handle = pipeline(
    requestSteps(config, () => '10.0.0.2'),
    async (request) => {
      const context = apiContext({
        headers: request.headers,
        db: api.db,
        auth: api.auth,
        env: config,
        clientIp: clientAddressOf(request),
      })
      return (
        (await rest.handle(request, { prefix: REST_PREFIX, context })).response ?? new Response(null, { status: 404 })
      )
    },
  )
  return (body: string, headers: Record<string, string> = {}) =>
    handle(
      new Request('http://localhost:3000/api/rest/vitals', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }),
    )
}

describe('through the front door', () => {
  it('refuses a report from another site, and one larger than the body limit', async () => {
    const send = postThroughFrontDoor(parseEnv({ BASE_URL: 'http://localhost:3000', MAX_BODY_BYTES: '2048' }))
    const post = (origin: string, body: string) =>
      send(body, {
        origin,
        'sec-fetch-site': origin === 'http://localhost:3000' ? 'same-origin' : 'cross-site',
      })
    const body = JSON.stringify(report('/login', [{ name: 'LCP', value: 1500 }]))
    expect((await post('http://localhost:3000', body)).status).toBe(200)
    expect((await post('https://evil.example', body)).status).toBe(403)
    expect((await post('http://localhost:3000', body + ' '.repeat(4096))).status).toBe(413)
  })
})

describe('the dashboard’s figures', () => {
  it('counts each client with the weight of one: 100 reports of LCP 59 s from one address do not move a p75 of 1 s', async () => {
    const route = '/app/books'
    // Behind one proxy (TRUST_PROXY=1): each report comes from the address it names.
    const send = postThroughFrontDoor(parseEnv({ BASE_URL: 'http://localhost:3000', TRUST_PROXY: '1' }))
    const post = (client: string, body: unknown) => send(JSON.stringify(body), { 'x-forwarded-for': client })
    const p75 = async () => (await vitalsP75(api.db)).find((row) => row.route === route && row.metric === 'LCP')
    for (let visitor = 1; visitor <= 12; visitor++) {
      const answer = await post(`198.51.100.${visitor}`, report(route, [{ name: 'LCP', value: 900 + visitor * 10 }]))
      expect(answer.status).toBe(200)
    }
    expect((await p75())!.p75).toBeLessThan(1100)
    for (let sent = 0; sent < 100; sent++) {
      expect((await post('203.0.113.66', report(route, [{ name: 'LCP', value: 59_000 }]))).status).toBe(200)
    }
    // An IPv6 client is its /64, whichever of its addresses it sends from.
    for (let sent = 1; sent <= 20; sent++) {
      const address = `2001:db8:7:42::${sent.toString(16)}`
      expect((await post(address, report(route, [{ name: 'LCP', value: 59_000 }]))).status).toBe(200)
    }
    // Every report is kept (132 measures), but each client weighs one: the two make a 13th and 14th visitor.
    expect(await p75()).toMatchObject({ samples: 132 })
    expect((await p75())!.p75).toBeLessThan(1100)
  })

  it('gives the 75th percentile per route and metric of the last 24 hours, older rows left out', async () => {
    const route = '/manager/dashboard'
    // 1..8, each a client of its own: three quarters of the weight is at or below 6.
    await api.db.insert(webVital).values([1, 2, 3, 4, 5, 6, 7, 8].map((value) => ({ route, metric: 'LCP', value })))
    await api.db
      .insert(webVital)
      .values({ route, metric: 'LCP', value: 99_999, recordedAt: sql`now() - interval '25 hours'` })
    await api.db.insert(webVital).values({ route, metric: 'CLS', value: 0.3 })
    const rows = (await vitalsP75(api.db)).filter((row) => row.route === route)
    expect(rows).toEqual([
      { route, metric: 'CLS', p75: 0.3, samples: 1 },
      { route, metric: 'LCP', p75: 6, samples: 8 },
    ])
    const admin = await api.client('admin')
    expect((await admin.vitals.summary()).rows).toEqual(expect.arrayContaining(rows))
    await expect((await api.client('user')).vitals.summary()).rejects.toMatchObject({ status: 403 })
  })

  it('the nightly clean-up deletes rows past 48 hours', async () => {
    const route = '/'
    await api.db.insert(webVital).values([
      { route, metric: 'INP', value: 1, recordedAt: sql`now() - interval '49 hours'` },
      { route, metric: 'INP', value: 2, recordedAt: sql`now() - interval '47 hours'` },
    ])
    await cleanupWebVitals.run(api.db, {})
    expect(await rowsOf(route)).toEqual([{ metric: 'INP', value: 2 }])
  })
})
