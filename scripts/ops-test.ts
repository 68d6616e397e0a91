/**
 * `npm run test:ops`: a real deployment, tested (docs/deploy/README.md).
 *
 * nginx from Debian, with docs/deploy/nginx.conf (ports rewritten), in front
 * of two production processes (`.output` from `npm run build`) on one
 * throwaway PostgreSQL database, under a steady load of signed-in clients
 * (pages, API reads, book creations, session reads). Checks:
 *
 * - a rolling restart (SIGTERM to A, A exits 0, A starts again; then B)
 *   fails no request, and every book the load was told was created exists;
 * - readiness turns 503 before the port closes; the process exits 0;
 * - the job queue outlives it: codes asked for while the mail server is down
 *   wait as jobs both apps share, and each arrives exactly once after the
 *   restart and the mail server's return (none lost, none sent twice);
 * - 16 slow uploads straddling SIGTERM all get their answer, and a burst of
 *   30 new connections sent just before it too (none reset);
 * - a 4.5 MB picture goes through nginx (its body cap is MAX_UPLOAD_BYTES) and
 *   comes back as the browser keeps it (`private, max-age=31536000, immutable`);
 *   a crafted book id in its path is refused (400) and writes nothing;
 * - a forged Host never comes back in a redirect;
 * - the session of a sign-in through nginx records the address nginx
 *   forwarded (TRUST_PROXY=1), not nginx's, not the client's own claim;
 * - X-Request-Id: nginx's id is the app's, in its response and its log;
 *   every log line is JSON; a client that hangs up leaves no stack trace;
 * - a server on PostgreSQL loads no PGlite; its code is one byte a character;
 * - SIGTERM to `npm start` stops the server;
 * - SIGTERM with stdout and stderr broken pipes exits;
 * - Debian's Prometheus scrapes both apps' /api/metrics (METRICS_TOKEN): both
 *   targets up, and the request counter rose by exactly the requests sent;
 * - A exports its traces over OTLP/HTTP to a receiver here, in JSON (the server's default), B in
 *   protobuf (OTEL_EXPORTER_OTLP_PROTOCOL): for each, a request's span
 *   is the parent of its procedure's, which is the parent of its SQL's (the
 *   text without parameter values), and the request's log line has the trace
 *   id; a server without METRICS_TOKEN and OTEL_* loads neither library.
 *
 * Needs: nginx and prometheus (`apt-get install nginx prometheus`, .ci/run
 * does it), PostgreSQL on 127.0.0.1:5432 (TEST_DATABASE_URL), the build.
 * Ports: OPS_PORT (3420) to OPS_PORT+4, MAIL_CATCHER_SMTP_PORT/MAIL_CATCHER_HTTP_PORT
 * (3450/3451), PROMETHEUS_PORT (OPS_PORT+5), OTLP_PORT (OPS_PORT+6).
 */
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import {
  type Answer,
  type App,
  check,
  isReady,
  NGINX,
  reportResults,
  request as sendRequest,
  type RequestOptions,
  results,
  rewritten,
  ROOT,
  sleep,
  startNginx,
  startServer,
  stopAll,
  track,
  waitFor,
} from './ops-support'
import { type ExportedSpan, exportedSpans } from './otlp-spans'

const NODE = process.execPath
const BASE_PORT = Number(process.env.OPS_PORT ?? 3420)
const PORT = {
  nginx: BASE_PORT,
  a: BASE_PORT + 1,
  b: BASE_PORT + 2,
  npmStart: BASE_PORT + 3,
  brokenPipe: BASE_PORT + 4,
  prometheus: Number(process.env.PROMETHEUS_PORT ?? BASE_PORT + 5),
  otlp: Number(process.env.OTLP_PORT ?? BASE_PORT + 6),
}
const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 3450)
const MAIL_HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3451)
const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PROMETHEUS = '/usr/bin/prometheus'
const METRICS_TOKEN = 'ops-test-metrics-token-0123456789'
const BASE_URL = `http://127.0.0.1:${PORT.nginx}`
// The test client reaches nginx from another loopback address than nginx reaches the apps from.
const CLIENT_ADDRESS = '127.0.0.2'
const SPOOFED_ADDRESS = '203.0.113.99'
const CLIENTS = 8

const run = `${Date.now().toString(36)}${process.pid}`
const database = `start_books_ops_${run}`
const databaseUrl = Object.assign(new URL(ADMIN_DATABASE_URL), { pathname: `/${database}` }).toString()
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-ops-'))
fs.chmodSync(tmp, 0o755) // nginx's workers run as another user

const UPLOADS_DIR = path.join(tmp, 'uploads')

// ---- HTTP ------------------------------------------------------------------

/** Through nginx unless told otherwise; a body carries nginx's Origin (BASE_URL), wherever it goes. */
const request = (options: Omit<RequestOptions, 'port' | 'origin'> & { port?: number }) =>
  sendRequest({ port: PORT.nginx, origin: BASE_URL, ...options })

// ---- Processes -------------------------------------------------------------

function appEnv(port: number, observed = true): NodeJS.ProcessEnv {
  const observability = {
    METRICS_TOKEN,
    // Both export their traces to this test's receiver, soon after each request: A in JSON (the
    // server's default), B in protobuf (named by the standard variable, which the SDK reads).
    ...(port === PORT.a || port === PORT.b
      ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${PORT.otlp}`, OTEL_BSP_SCHEDULE_DELAY: '200' }
      : {}),
    ...(port === PORT.b ? { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' } : {}),
  }
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'ops-test-secret-ops-test-secret-0123456789',
    EMAIL_SERVER: `smtp://127.0.0.1:${SMTP_PORT}`,
    TRUST_PROXY: '1',
    UPLOADS_DIR: UPLOADS_DIR,
    SHUTDOWN_DELAY: '1',
    SHUTDOWN_TIMEOUT: '10',
    LOG_LEVEL: 'info',
    // The load comes from one address: per-address budgets are tested elsewhere.
    RATE_LIMIT: 'false',
    // The test signs in as the demo admin, which production seeds only when asked.
    SEED_DEMO_DATA: 'true',
    ...(observed ? observability : {}),
  }
}

// Every module each app process loads, one URL a line, written by a load hook (a file per port).
const loadedModules = (port: number | string) => path.join(tmp, `loaded-modules-${port}.txt`)
const moduleLogger = path.join(tmp, 'module-logger.mjs')
fs.writeFileSync(
  moduleLogger,
  `import { appendFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
registerHooks({
  load(url, context, nextLoad) {
    appendFileSync(${JSON.stringify(path.join(tmp, 'loaded-modules-'))} + process.env.PORT + '.txt', url + '\\n')
    return nextLoad(url, context)
  },
})
`,
)

function startApp(name: string, port: number): App {
  return startServer({ name, port, dir: tmp }, appEnv(port), ['--import', moduleLogger])
}

/** Debian's Prometheus scraping both apps every second, as docs/deploy/prometheus.yml does (the token and targets rewritten). */
function startPrometheus() {
  const rewrites: [string, string][] = [
    ['scrape_interval: 15s', 'scrape_interval: 1s'],
    ['credentials_file: /etc/prometheus/start-books-token', `credentials: ${METRICS_TOKEN}`],
    ["targets: ['app-a:3000', 'app-b:3000']", `targets: ['127.0.0.1:${PORT.a}', '127.0.0.1:${PORT.b}']`],
  ]
  fs.writeFileSync(path.join(tmp, 'prometheus.yml'), rewritten('docs/deploy/prometheus.yml', rewrites))
  return track(
    spawn(
      PROMETHEUS,
      [
        `--config.file=${tmp}/prometheus.yml`,
        `--storage.tsdb.path=${tmp}/prometheus`,
        `--web.listen-address=127.0.0.1:${PORT.prometheus}`,
      ],
      { stdio: ['ignore', 'ignore', fs.openSync(path.join(tmp, 'prometheus.log'), 'a')] },
    ),
  )
}

async function prometheusApi<T>(query: string): Promise<T> {
  const answer = await request({ port: PORT.prometheus, path: `/api/v1/${query}` })
  if (answer.status !== 200) throw new Error(`prometheus ${query}: ${answer.status} ${answer.body}`)
  return (JSON.parse(answer.body) as { data: T }).data
}

/** The value of a PromQL expression that sums to one number. */
async function promValue(expression: string): Promise<number> {
  const data = await prometheusApi<{ result: { value: [number, string] }[] }>(
    `query?query=${encodeURIComponent(expression)}`,
  )
  return Number(data.result[0]?.value[1] ?? Number.NaN)
}

/**
 * Both apps up as Prometheus' targets, and the requests this test sends
 * through nginx to a page no one else asks for counted exactly, whichever app
 * answered them.
 */
async function checkPrometheus(cookie: string) {
  await waitFor('both targets scraped', async () => {
    const { activeTargets } = await prometheusApi<{ activeTargets: { health: string }[] }>('targets')
    return activeTargets.length === 2 && activeTargets.every((target) => target.health === 'up')
  })
  check('Prometheus scrapes both apps through METRICS_TOKEN: both targets up', true)
  const counted = `sum(http_requests_total{route="/about"}) or vector(0)`
  const before = await promValue(counted)
  const sent = 40
  for (let i = 0; i < sent; i++) await request({ port: PORT.nginx, path: `/about?ops=${i}` })
  let after = before
  await waitFor('the requests counted', async () => (after = await promValue(counted)) >= before + sent, 15_000).catch(
    () => {},
  )
  check(
    "Prometheus' request counter rose by the requests sent",
    after - before === sent,
    `${sent} requests through nginx, counter ${before} → ${after}`,
  )
  // A signed-in read on each app: its kept reads start its listener.
  for (const port of [PORT.a, PORT.b]) await request({ port, path: '/api/rest/books', headers: { cookie } })
  let listening = 0
  await waitFor(
    'both listeners scraped',
    async () => (listening = await promValue('sum(start_books_change_notices_listening)')) === 2,
    15_000,
  ).catch(() => {})
  const pool = await promValue('count(start_books_db_pool_connections)')
  const fastPaths = await promValue('count(start_books_fast_path_total)')
  check(
    'Prometheus has the pool, the change-notice listeners and the fast paths',
    pool === 6 && listening === 2 && fastPaths > 0,
    `${pool} pool series (3 states × 2 apps), ${listening} listeners hearing, ${fastPaths} fast path series`,
  )
  const series = await promValue('count(http_requests_total)')
  check('the counter has no series per URL', series < 200, `${series} series`)
}

/** An OTLP/HTTP receiver (protobuf, the SDK's default protocol, or JSON): every span it is sent. */
function startOtlpReceiver() {
  const spans: (ExportedSpan & { contentType?: string })[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const contentType = req.headers['content-type']
      if (req.url === '/v1/traces')
        for (const span of exportedSpans(Buffer.concat(chunks), contentType)) spans.push({ ...span, contentType })
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/json' }).end()
    })
  })
  server.listen(PORT.otlp, '127.0.0.1')
  return { spans, close: () => server.close() }
}

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes?.find((item) => item.key === key)?.value
  return value?.stringValue ?? value?.intValue
}

/** A search of the API: its spans request → procedure → SQL, exported as `format`, its trace id in the app's log line. */
async function checkTrace(
  receiver: ReturnType<typeof startOtlpReceiver>,
  app: App,
  cookie: string,
  format: 'json' | 'protobuf',
) {
  const requestId = `ops-trace-${app.name}-${run}`
  const search = `trace-${run}`
  // A search: never the kept first page (answered without SQL), and its term a parameter the SQL spans must not show.
  await request({
    port: app.port,
    path: `/api/rest/books?searchTerm=${search}`,
    headers: { cookie, 'x-request-id': requestId },
  })
  let root: (ExportedSpan & { contentType?: string }) | undefined
  let procedure: ExportedSpan | undefined
  let queries: ExportedSpan[] = []
  await waitFor(
    'the trace exported',
    async () => {
      root = receiver.spans.find((span) => attribute(span, 'request.id') === requestId)
      procedure = receiver.spans.find((span) => root && span.parentSpanId === root.spanId)
      queries = receiver.spans.filter((span) => procedure && span.parentSpanId === procedure.spanId)
      return queries.length > 0
    },
    15_000,
  ).catch(() => {})
  check(
    `an OTLP receiver gets ${app.name}'s trace in ${format}: request → procedure → SQL`,
    root?.name === 'GET /api/rest/books' &&
      procedure?.name === 'procedure book.list' &&
      queries.length > 0 &&
      Boolean(root.contentType?.includes(format)),
    `${receiver.spans.length} spans received; ${root?.name} → ${procedure?.name} → ${queries.length} × ${queries[0]?.name} (${root?.contentType})`,
  )
  const texts = queries.map((span) => String(attribute(span, 'db.query.text') ?? ''))
  check(
    'the SQL spans carry the query text, never its parameter values',
    texts.length > 0 && texts.every((text) => text.length > 0 && !text.includes(search)),
    texts[0]?.slice(0, 120) ?? '',
  )
  await sleep(200)
  const line = fs
    .readFileSync(app.logFile, 'utf8')
    .split('\n')
    .find((entry) => entry.includes(`"requestId":"${requestId}"`) && entry.includes('"msg":"request"'))
  check(
    "the request's log line carries its trace id",
    Boolean(root && line?.includes(`"traceId":"${root.traceId}"`)),
    line ?? 'no line',
  )
}

// ---- Sign-in -----------------------------------------------------------------

async function loginCode(email: string, after: number): Promise<string> {
  let code: string | undefined
  await waitFor(
    `the login code for ${email}`,
    async () => {
      const answer = await request({ port: MAIL_HTTP_PORT, path: `/messages?to=${encodeURIComponent(email)}` })
      const messages = JSON.parse(answer.body) as { text: string; date: string }[]
      code = messages
        .filter((m) => Date.parse(m.date) >= after)
        .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
        .find(Boolean)
      return Boolean(code)
    },
    15_000,
  )
  return code!
}

/** Signs in through nginx as a browser would, from CLIENT_ADDRESS, claiming SPOOFED_ADDRESS. */
async function signIn(email: string): Promise<string> {
  const after = Date.now() - 1000
  const sent = await request({
    method: 'POST',
    path: '/api/auth/email-otp/send-verification-otp',
    body: { email, type: 'sign-in' },
    localAddress: CLIENT_ADDRESS,
  })
  if (sent.status !== 200) throw new Error(`sending the code: ${sent.status} ${sent.body}`)
  const otp = await loginCode(email, after)
  const signedIn = await request({
    method: 'POST',
    path: '/api/auth/sign-in/email-otp',
    body: { email, otp },
    localAddress: CLIENT_ADDRESS,
    headers: { 'x-forwarded-for': SPOOFED_ADDRESS },
  })
  if (signedIn.status !== 200) throw new Error(`signing in: ${signedIn.status} ${signedIn.body}`)
  const cookies = [signedIn.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0])
  if (!cookies.some((cookie) => cookie?.includes('session_token'))) throw new Error('no session cookie')
  return cookies.join('; ')
}

// ---- Job queue ---------------------------------------------------------------

const QUEUED_CODES = 12

function startMailCatcher() {
  return track(
    spawn(NODE, ['--import', 'tsx', 'e2e/support/mail-catcher.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        MAIL_CATCHER_SMTP_PORT: String(SMTP_PORT),
        MAIL_CATCHER_HTTP_PORT: String(MAIL_HTTP_PORT),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  )
}

const mailCatcherUp = () =>
  waitFor('the mail catcher', () =>
    request({ port: MAIL_HTTP_PORT, path: '/health' }).then(
      (answer) => answer.status === 200,
      () => false,
    ),
  )

/** Asks for sign-in codes, half through each app, while the mail server is down: each one is kept as a job. */
async function askForCodesWhileMailIsDown() {
  const emails = Array.from({ length: QUEUED_CODES }, (_, i) => `ops-${run}-queued-${i}@example.com`)
  const answers = await Promise.all(
    emails.map((email, i) =>
      request({
        port: i % 2 ? PORT.a : PORT.b,
        method: 'POST',
        path: '/api/auth/email-otp/send-verification-otp',
        body: { email, type: 'sign-in' },
      }),
    ),
  )
  const accepted = answers.filter((answer) => answer.status === 200).length
  check(
    `with the mail server down, ${QUEUED_CODES} code requests are accepted (the code is on its way)`,
    accepted === QUEUED_CODES,
    `${accepted}/${QUEUED_CODES} answered 200${accepted < QUEUED_CODES ? `; ${answers.find((a) => a.status !== 200)?.body.slice(0, 120)}` : ''}`,
  )
  return emails
}

/** After both apps restarted and the mail server is back: every queued code arrives, and only once. */
async function checkQueuedCodesArriveOnce(emails: string[], db: pg.Client) {
  const back = Date.now()
  const received = async () =>
    Promise.all(
      emails.map(async (email) => {
        const answer = await request({ port: MAIL_HTTP_PORT, path: `/messages?to=${encodeURIComponent(email)}` })
        return (JSON.parse(answer.body) as unknown[]).length
      }),
    )
  let counts: number[] = []
  await waitFor(
    'the queued codes',
    async () => {
      counts = await received()
      return counts.every((count) => count > 0)
    },
    30_000,
  ).catch(() => {})
  const arrivedAfter = Date.now() - back
  // Two more retry rounds (every 5 s): a job run twice would send its message again.
  await sleep(11_000)
  counts = await received()
  const { rows } = await db.query<{ state: string; count: string }>(
    `select state, count(*) from pgboss.job where name = 'email.send' group by state order by state`,
  )
  const jobs = rows.map((row) => `${row.state} ${row.count}`).join(', ')
  check(
    `the ${QUEUED_CODES} codes queued across the rolling restart arrive once the mail server is back, each exactly once`,
    counts.every((count) => count === 1),
    `received per address: ${counts.join(' ')} (all there ${arrivedAfter} ms after the mail server's return); email.send jobs: ${jobs}`,
  )
  const { rows: unsent } = await db.query<{ count: string }>(
    `select count(*) from email_outbox where sent_at is null and "to" like $1`,
    [`ops-${run}-queued-%`],
  )
  check('the outbox holds no unsent message for them', Number(unsent[0]?.count) === 0, `${unsent[0]?.count} unsent`)
}

// ---- Load --------------------------------------------------------------------

interface Load {
  sent: number
  failed: number
  byKind: Record<string, { sent: number; failed: number }>
  failures: string[]
  created: number
  stop(): Promise<void>
}

function startLoad(cookie: string): Load {
  const load: Load = { sent: 0, failed: 0, byKind: {}, failures: [], created: 0, stop: async () => {} }
  let stopping = false
  const kinds = [
    {
      kind: 'page',
      weight: 2,
      expect: 200,
      send: (agent: http.Agent) => request({ agent, path: '/manager/books', headers: { cookie } }),
    },
    {
      kind: 'api read',
      weight: 3,
      expect: 200,
      send: (agent: http.Agent) => request({ agent, path: '/api/rest/books', headers: { cookie } }),
    },
    {
      kind: 'session',
      weight: 2,
      expect: 200,
      send: (agent: http.Agent) => request({ agent, path: '/api/auth/get-session', headers: { cookie } }),
    },
    {
      kind: 'create',
      weight: 2,
      expect: 201,
      send: (agent: http.Agent) =>
        request({
          agent,
          method: 'POST',
          path: '/api/rest/books',
          headers: { cookie },
          body: { title: `ops-${run}-${Math.random().toString(36).slice(2)}`, author: 'Ops Test' },
        }),
    },
  ]
  const deck = kinds.flatMap((kind) => Array<typeof kind>(kind.weight).fill(kind))
  const client = async () => {
    // One connection per client, kept alive, as a browser does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    while (!stopping) {
      const { kind, expect, send } = deck[Math.floor(Math.random() * deck.length)]!
      const stats = (load.byKind[kind] ??= { sent: 0, failed: 0 })
      load.sent++
      stats.sent++
      try {
        const answer = await send(agent)
        if (answer.status !== expect) throw new Error(`${answer.status} ${answer.body.slice(0, 200)}`)
        if (kind === 'create') load.created++
      } catch (error) {
        load.failed++
        stats.failed++
        load.failures.push(`${kind}: ${(error as Error).message}`)
      }
      await sleep(10 + Math.random() * 40)
    }
    agent.destroy()
  }
  const clients = Array.from({ length: CLIENTS }, client)
  load.stop = async () => {
    stopping = true
    await Promise.all(clients)
  }
  return load
}

// ---- Checks --------------------------------------------------------------------

/** Polls an app's readiness directly (new connection each time) and records what it answers. */
function watchReadiness(port: number) {
  const seen: string[] = []
  let stopped = false
  const done = (async () => {
    while (!stopped) {
      const state = await request({ port, path: '/api/health/ready', timeoutMs: 2000 }).then(
        (answer) => `${answer.status}`,
        (error: NodeJS.ErrnoException) => error.code ?? 'error',
      )
      if (seen.at(-1) !== state) seen.push(state)
      await sleep(20)
    }
  })()
  return { seen, stop: () => ((stopped = true), done) }
}

/** Sends the first half of a book creation to `port`, the rest when `finish` is called. */
function slowUpload(port: number, cookie: string, title = `ops-${run}-slow-upload`) {
  const body = JSON.stringify({ title, author: 'Ops Test' })
  const half = Math.floor(body.length / 2)
  let req!: http.ClientRequest
  const answer = new Promise<Answer>((resolve, reject) => {
    req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/rest/books',
        agent: false,
        headers: {
          cookie,
          origin: BASE_URL,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    req.write(body.slice(0, half))
  })
  return { answer, finish: () => req.end(body.slice(half)), abort: () => req.destroy() }
}

async function rollingRestart(apps: Record<'a' | 'b', App>, cookie: string, db: pg.Client) {
  for (const name of ['a', 'b'] as const) {
    const app = apps[name]
    const watch = watchReadiness(app.port)
    await sleep(300)
    // On A, 16 uploads straddle the signal: sent in part before, finished after the port closed.
    const uploads =
      name === 'a'
        ? Array.from({ length: 16 }, (_, i) => slowUpload(app.port, cookie, `ops-${run}-slow-upload-${i}`))
        : []
    await sleep(200)
    // A burst of new connections sent just before the signal: the kernel queues most of them.
    const burst = Array.from({ length: 30 }, () =>
      request({ port: app.port, path: '/api/rest/books', headers: { cookie } }).then(
        (answer) => String(answer.status),
        (error: NodeJS.ErrnoException) => error.code ?? error.message,
      ),
    )
    await sleep(5)
    const signalled = Date.now()
    app.child.kill('SIGTERM')
    setTimeout(() => uploads.forEach((upload) => upload.finish()), 1500) // SHUTDOWN_DELAY=1
    const code = await app.exited
    const stoppedAfter = Date.now() - signalled
    await watch.stop()
    check(
      `${name.toUpperCase()}: SIGTERM under load, exit code 0`,
      code === 0,
      `exited ${stoppedAfter} ms after the signal`,
    )
    const outcomes = await Promise.all(burst)
    const failures = outcomes.filter((outcome) => outcome !== '200')
    check(
      `${name.toUpperCase()}: a burst of 30 requests sent just before SIGTERM is answered in full (no reset)`,
      failures.length === 0,
      failures.join(', '),
    )
    const sequence = watch.seen.join(' → ')
    const firstDraining = watch.seen.indexOf('503')
    const firstRefused = watch.seen.indexOf('ECONNREFUSED')
    check(
      `${name.toUpperCase()}: readiness 503 before the port closes`,
      watch.seen[0] === '200' && firstDraining > 0 && firstRefused > firstDraining,
      sequence,
    )
    if (uploads.length) {
      const answers = await Promise.all(
        uploads.map((upload) =>
          upload.answer.catch((error: Error) => ({ status: 0, body: error.message, headers: {} })),
        ),
      )
      const created = answers.filter((answer) => answer.status === 201).length
      const { rows } = await db.query<{ count: string }>(`select count(*) from book where title like $1`, [
        `ops-${run}-slow-upload-%`,
      ])
      check(
        'A: 16 slow uploads straddling SIGTERM all get their answer and are saved',
        created === 16 && Number(rows[0]?.count) === 16,
        `${created}/16 answered 201, ${rows[0]?.count} in the database${created < 16 ? `; ${answers.find((a) => a.status !== 201)?.body.slice(0, 80)}` : ''}`,
      )
    }
    const log = fs.readFileSync(app.logFile, 'utf8')
    const drained = /"inFlight":(\d+)/.exec(log)?.[1]
    console.log(`     ${name.toUpperCase()} had ${drained ?? '?'} request(s) in flight at the signal`)
    apps[name] = startApp(name, app.port)
    await waitFor(`${name} ready again`, () => isReady(app.port))
    // nginx retries a failed server after fail_timeout (2s).
    await sleep(3000)
  }
}

/**
 * A picture near MAX_UPLOAD_BYTES (5 MB) through nginx, as the page sends it:
 * nginx lets it through (its body cap follows MAX_UPLOAD_BYTES), the app keeps
 * it, and serves it as the browser keeps it for good. A crafted book id in the
 * path (nginx passes `%2F` on as it came) is refused and writes nothing.
 */
async function checkLargePicture(cookie: string) {
  const created = await request({
    method: 'POST',
    path: '/api/rest/books',
    headers: { cookie },
    body: { title: `cover-${run}`, author: 'Ops Test' },
  })
  const { id } = JSON.parse(created.body) as { id: string }
  // Noise stored without compression: a PNG of 1024 × 1536 RGB pixels is 4.5 MiB and some bytes.
  const { default: sharp } = await import('sharp')
  const [width, height] = [1024, 1536]
  const picture = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  const put = (bookId: string) =>
    request({
      method: 'PUT',
      path: `/api/rest/books/${bookId}/cover`,
      headers: { cookie, origin: BASE_URL, 'content-type': 'image/png' },
      body: picture,
    })
  const upload = await put(id)
  check(
    'a 4.5 MB picture goes through nginx and is kept',
    upload.status === 200,
    `${(picture.length / 1024 ** 2).toFixed(2)} MiB: ${upload.status} ${upload.body.slice(0, 120)}`,
  )
  const { cover } = JSON.parse(upload.body) as { cover: string }
  const served = await request({ path: `/api/rest/pictures/covers/${id}/${cover}-160.webp`, headers: { cookie } })
  check(
    'a picture comes back through nginx as the browser keeps it: private, max-age=31536000, immutable',
    served.status === 200 && served.headers['cache-control'] === 'private, max-age=31536000, immutable',
    `${served.status} ${served.headers['content-type']} ${served.headers['cache-control']}`,
  )
  // From UPLOADS_DIR/covers/, `../../etc` is the test's own folder's etc/.
  const uploads = () => fs.readdirSync(UPLOADS_DIR, { recursive: true }).sort().join()
  const before = uploads()
  const crafted = await put('..%2F..%2Fetc')
  check(
    'a crafted book id in a cover’s path is refused (400) and writes nothing',
    crafted.status === 400 && uploads() === before && !fs.existsSync(path.join(tmp, 'etc')),
    `${crafted.status} ${crafted.body.slice(0, 120)}`,
  )
}

async function checkRequestIds(apps: App[]) {
  const answer = await request({ path: '/api/health/live' })
  const id = String(answer.headers['x-request-id'] ?? '')
  check("X-Request-Id: nginx's id comes back", /^[0-9a-f]{32}$/.test(id), id)
  await sleep(200)
  const logged = apps.some((app) => fs.readFileSync(app.logFile, 'utf8').includes(`"requestId":"${id}"`))
  check('X-Request-Id: the app logged the request under that id', logged)
}

/** A forged Host never comes back in an answer (the framework's redirect of `//a/` built its Location from it). */
async function checkForgedHost(app: App) {
  const answer = await request({ port: app.port, path: '//a/', headers: { host: 'evil.example' } })
  const location = String(answer.headers.location ?? '')
  check('a forged Host is not echoed: //a/ redirects to BASE_URL', location.startsWith(`${BASE_URL}/`), location)
}

async function checkClientAbort(app: App, cookie: string) {
  const upload = slowUpload(app.port, cookie)
  upload.answer.catch(() => {})
  await sleep(300)
  upload.abort()
  await sleep(500)
}

function checkLogs(files: string[]) {
  const lines = files.flatMap((file) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean))
  const notJson = lines.filter((line) => {
    try {
      JSON.parse(line)
      return false
    } catch {
      return true
    }
  })
  check(
    'every log line is JSON',
    notJson.length === 0,
    notJson.length ? notJson.slice(0, 3).join(' | ').slice(0, 300) : `${lines.length} lines`,
  )
  const stacks = lines.filter((line) => /ECONNRESET|Error: aborted/.test(line) && /\bat /.test(line))
  check('a client that hangs up leaves no stack trace', stacks.length === 0, stacks[0]?.slice(0, 200) ?? '')
  const requests = lines.filter((line) => line.includes('"msg":"request"'))
  const complete = requests.every((line) => {
    const entry = JSON.parse(line) as Record<string, unknown>
    return (
      typeof entry.requestId === 'string' &&
      entry.method &&
      entry.route &&
      typeof entry.status === 'number' &&
      typeof entry.durationMs === 'number'
    )
  })
  check(
    'one request line per request: id, method, route, status, duration',
    requests.length > 0 && complete,
    `${requests.length} request lines`,
  )
}

async function checkNpmStart() {
  const logFile = path.join(tmp, 'npm-start.log')
  const out = fs.openSync(logFile, 'a')
  const npm = track(spawn('npm', ['start'], { cwd: ROOT, env: appEnv(PORT.npmStart), stdio: ['ignore', out, out] }))
  fs.closeSync(out)
  const exited = once(npm, 'exit')
  await waitFor('npm start ready', () => isReady(PORT.npmStart))
  npm.kill('SIGTERM')
  const stopped = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)])
  const closed = await request({ port: PORT.npmStart, path: '/api/health/live', timeoutMs: 2000 }).then(
    () => false,
    () => true,
  )
  check(
    'SIGTERM to `npm start` stops the server',
    stopped && closed && fs.readFileSync(logFile, 'utf8').includes('"msg":"stopped"'),
    `npm exited: ${stopped}, port closed: ${closed}`,
  )
}

async function checkBrokenPipe() {
  const child = track(
    spawn(NODE, ['--import', moduleLogger, '.output/server/index.mjs'], {
      cwd: ROOT,
      // Neither METRICS_TOKEN nor OTEL_EXPORTER_OTLP_ENDPOINT: checkNothingObservedLoaded.
      env: appEnv(PORT.brokenPipe, false),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const exited = once(child, 'exit')
  await waitFor('the broken-pipe app ready', () => isReady(PORT.brokenPipe))
  // The log reader goes away: every later write to stdout or stderr fails with EPIPE.
  child.stdout!.destroy()
  child.stderr!.destroy()
  for (let i = 0; i < 20; i++)
    await request({ port: PORT.brokenPipe, path: `/api/rest/books/${i}-missing` }).catch(() => {})
  const signalled = Date.now()
  child.kill('SIGTERM')
  const exit = await Promise.race([exited.then(([code]) => code as number), sleep(15_000).then(() => 'still running')])
  check('SIGTERM with broken stdout/stderr pipes exits', exit === 0, `exit ${exit} after ${Date.now() - signalled} ms`)
  checkNothingObservedLoaded()
}

/** Without METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT, neither prom-client nor OpenTelemetry is loaded. */
function checkNothingObservedLoaded() {
  const plain = fs.readFileSync(loadedModules(PORT.brokenPipe), 'utf8').split('\n').filter(Boolean)
  const observed = fs.readFileSync(loadedModules(PORT.a), 'utf8').split('\n').filter(Boolean)
  const observability = (modules: string[]) =>
    modules.filter((url) => /prom-client|opentelemetry|tracing|metrics\.server/.test(url))
  check(
    'a server without METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT loads neither prom-client nor OpenTelemetry',
    plain.length > 50 && observability(plain).length === 0 && observability(observed).length > 0,
    `${plain.length} modules loaded (A, with both: ${new Set(observed).size}, ${observability(observed).length} of them for metrics and traces)${observability(plain).length ? `; among them ${observability(plain).join(', ')}` : ''}`,
  )
}

// ---- Main ------------------------------------------------------------------------

/** A server on PostgreSQL never loads PGlite (~0.5 MB of code; vite.config.ts keeps it in its own chunk). */
function checkNoPgliteLoaded() {
  const modules = new Set(
    [PORT.a, PORT.b].flatMap((port) => fs.readFileSync(loadedModules(port), 'utf8').split('\n').filter(Boolean)),
  )
  const pglite = [...modules].filter((url) => url.includes('pglite'))
  check(
    'a server on PostgreSQL loads no PGlite, through sign-ins, pages, API reads and writes',
    modules.size > 50 && pglite.length === 0,
    `${modules.size} modules loaded${pglite.length ? `, among them ${pglite.join(', ')}` : ''}`,
  )
}

/**
 * V8 keeps every module's source in memory, two bytes a character when one
 * character is beyond Latin-1 (a '—' in a comment is enough): the server's
 * build escapes them and drops comments (vite.config.ts), ~5 MB less heap.
 */
function checkOneByteSources() {
  const serverDir = path.join(ROOT, '.output/server')
  const chunks = fs.globSync('**/*.mjs', { cwd: serverDir, exclude: ['node_modules/**'] })
  const wide = chunks.filter((chunk) => /[\u0100-\uffff]/.test(fs.readFileSync(path.join(serverDir, chunk), 'utf8')))
  check(
    "the server's code is one byte a character (Latin-1), as V8 keeps its source",
    chunks.length > 50 && wide.length === 0,
    `${chunks.length} chunks${wide.length ? `; beyond Latin-1: ${wide.join(', ')}` : ''}`,
  )
}

async function main() {
  const started = Date.now()
  if (!fs.existsSync(path.join(ROOT, '.output/server/index.mjs')))
    throw new Error('No build: run `npm run build` first')
  if (spawnSync(NGINX, ['-v']).status !== 0) throw new Error('nginx is missing: apt-get install -y nginx')
  if (spawnSync(PROMETHEUS, ['--version']).status !== 0)
    throw new Error('prometheus is missing: apt-get install -y prometheus')
  checkOneByteSources()

  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
  await admin.connect()
  await admin.query(`create database ${database}`)
  const db = new pg.Client({ connectionString: databaseUrl })
  const receiver = startOtlpReceiver()
  try {
    let mailCatcher = startMailCatcher()
    const apps = { a: startApp('a', PORT.a), b: startApp('b', PORT.b) }
    startNginx(tmp, PORT.nginx, [PORT.a, PORT.b])
    startPrometheus()
    await mailCatcherUp()
    await waitFor('A and B ready', async () => (await isReady(PORT.a)) && (await isReady(PORT.b)))
    await waitFor('nginx', () => isReady(PORT.nginx))
    await db.connect()

    const cookie = await signIn('admin@admin.com')
    const { rows } = await db.query<{ ip_address: string | null }>(
      `select s.ip_address from session s join "user" u on u.id = s.user_id where u.email = $1 order by s.created_at desc limit 1`,
      ['admin@admin.com'],
    )
    const recorded = rows[0]?.ip_address
    check(
      'a new session records the address nginx forwarded (TRUST_PROXY=1)',
      recorded === CLIENT_ADDRESS,
      `recorded ${recorded}; client ${CLIENT_ADDRESS}, nginx 127.0.0.1, claimed ${SPOOFED_ADDRESS}`,
    )

    await checkRequestIds([apps.a, apps.b])
    await checkLargePicture(cookie)
    await checkClientAbort(apps.b, cookie)
    await checkForgedHost(apps.a)
    await checkPrometheus(cookie)
    await checkTrace(receiver, apps.a, cookie, 'json')
    await checkTrace(receiver, apps.b, cookie, 'protobuf')

    // The mail server is down for the whole rolling restart: the codes asked for meanwhile wait as
    // jobs, which both apps share and hand each other while they stop and start.
    mailCatcher.kill('SIGTERM')
    await once(mailCatcher, 'exit')
    const waitingCodes = await askForCodesWhileMailIsDown()
    const load = startLoad(cookie)
    await sleep(2000)
    await rollingRestart(apps, cookie, db)
    await sleep(2000)
    await load.stop()
    mailCatcher = startMailCatcher()
    await mailCatcherUp()
    await checkQueuedCodesArriveOnce(waitingCodes, db)

    const kinds = Object.entries(load.byKind)
      .map(([kind, stats]) => `${kind} ${stats.sent}/${stats.failed}`)
      .join(', ')
    check(
      'rolling restart under load: zero failed requests',
      load.failed === 0 && load.sent > 0,
      `${load.sent} requests sent, ${load.failed} failed (sent/failed: ${kinds})${load.failures.length ? `; first: ${load.failures.slice(0, 3).join(' | ')}` : ''}`,
    )
    const { rows: books } = await db.query<{ count: string }>(
      `select count(*) from book where title like $1 and title not like $2`,
      [`ops-${run}-%`, `ops-${run}-slow-upload%`],
    )
    check(
      'every creation answered 201 is in the database, and only those',
      Number(books[0]?.count) === load.created,
      `${load.created} answered 201, ${books[0]?.count} in the database`,
    )

    checkNoPgliteLoaded()
    checkLogs(
      fs
        .readdirSync(tmp)
        .filter((file) => /^[ab]-\d+\.log$/.test(file))
        .map((file) => path.join(tmp, file)),
    )
    await checkNpmStart()
    await checkBrokenPipe()
  } finally {
    receiver.close()
    await stopAll()
    await db.end().catch(() => {})
    await admin
      .query(`drop database if exists ${database} with (force)`)
      .catch((error: Error) => console.error(`could not drop ${database}: ${error.message}`))
    await admin.end()
    if (results.every((result) => result.ok)) fs.rmSync(tmp, { recursive: true, force: true })
    else console.log(`logs kept in ${tmp}`)
  }
  reportResults(started)
}

main().catch((error: Error) => {
  console.error(error)
  process.exitCode = 1
})
