/**
 * The mixed workload (issue 26 part 4): many distinct signed-in people, each
 * request a random page of a random list with a random search term, one in
 * twenty a write, on this product and on start-ui-web side by side.
 *
 * The people are inserted with their sessions straight into each app's
 * database and their cookies signed as better-auth signs them (better-call:
 * `token.base64(HMAC-SHA256(secret, token))`, URI-encoded), so that a hundred
 * sign-ins by e-mail code are not needed. The load is generated in this
 * process: `connections` closed loops over keep-alive sockets (an undici
 * `Pool`: half the client CPU per request of `node:http`'s Agent, measured;
 * the floor's client is pgbench, so the app's should cost as little as Node
 * allows on the same two cores), each taking a person who is not mid-request,
 * asking what they send next (bench/mixed-plan.ts) and timing the answer.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'

import pg from 'pg'
import { Pool } from 'undici'

import { cpuNanoseconds, postgresCpuNanoseconds } from './cpu'
import {
  fileSize,
  type FloorScript,
  parsePostgresLog,
  pgbenchBinary,
  postgresLogFile,
  readFrom,
  replayUnits,
  runnableUnits,
  runPgbench,
  sample,
  writeFloorScript,
} from './floor'
import { type KeptHits, keptHits } from './hit-rates'
import { hasWrk, type LoadResult, runWrk } from './load'
import {
  afterAnswer,
  DEFAULT_MIX,
  type MixedRequest,
  nextRequest,
  people,
  type PersonState,
  requestKind,
  type Role,
  seededRandom,
} from './mixed-plan'
import { percentile } from './stats'

const SESSION_COOKIE = 'better-auth.session_token'

/**
 * start-ui-web's: its better-auth has a dynamic base URL (allowed hosts) with
 * no protocol, so in production it names its cookies as for HTTPS even on HTTP.
 */
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`

/** A session cookie as better-auth sets it: the token, a dot, its HMAC-SHA256 in base64, URI-encoded. */
export function signedSessionCookie(token: string, secret: string, name = SESSION_COOKIE) {
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`
}

interface MixedPerson {
  role: Role
  cookie: string
}

/** How one app is asked for what a person does. */
export interface MixedTarget {
  name: string
  baseUrl: string
  people: MixedPerson[]
  toHttp(request: MixedRequest): { method: string; path: string; body?: unknown }
  /** The server's process, when it is this bench's child: its CPU per request and RSS are logged. */
  pid?: number
  /** Its database, settled (`settleDatabase`) before each of its measured runs. */
  databaseUrl?: string
}

/** Latencies of one kind of request in a run (milliseconds). */
export interface KindFigures {
  count: number
  p50: number
  p99: number
}

export interface MixedResult extends LoadResult {
  reads: number
  writes: number
  /** By `requestKind`: what the slow answers were. */
  kinds: Record<string, KindFigures>
  /** A few failed answers (status and the start of the body), to tell why. */
  failures: string[]
}

const listPath = (list: string, searchTerm: string, cursor?: string) => {
  const query = new URLSearchParams()
  if (searchTerm) query.set('searchTerm', searchTerm)
  if (cursor) query.set('cursor', cursor)
  return `/api/rest/${list}${query.size ? `?${query}` : ''}`
}
const newTitle = () => `Mixed Bench ${randomBytes(6).toString('hex')}`
const newName = () => `Bench Person ${randomBytes(3).toString('hex')}`

/** This product's REST API (the router's OpenAPI side): lists, book writes; a name through better-auth. */
export function ourRequests(request: MixedRequest): ReturnType<MixedTarget['toHttp']> {
  switch (request.kind) {
    case 'read':
      return { method: 'GET', path: listPath(request.list, request.searchTerm, request.cursor) }
    case 'create-book':
      return { method: 'POST', path: '/api/rest/books', body: { title: newTitle(), author: 'Bench Writer' } }
    case 'update-book':
      return {
        method: 'PUT',
        path: `/api/rest/books/${encodeURIComponent(request.book.id)}`,
        body: { title: request.book.title, author: request.book.author, publisher: newName() },
      }
    case 'rename':
      return { method: 'POST', path: '/api/auth/update-user', body: { name: newName() } }
  }
}

/** start-ui-web's REST API (its oRPC router's OpenAPI side): the same lists and writes; a book needs a genre. */
export function theirRequests(genreIds: readonly string[]) {
  return (request: MixedRequest): ReturnType<MixedTarget['toHttp']> => {
    const genreId = genreIds[0]!
    switch (request.kind) {
      case 'read':
        return { method: 'GET', path: listPath(request.list, request.searchTerm, request.cursor) }
      case 'create-book':
        return { method: 'POST', path: '/api/rest/books', body: { title: newTitle(), author: 'Bench Writer', genreId } }
      case 'update-book':
        return {
          method: 'POST',
          path: `/api/rest/books/${encodeURIComponent(request.book.id)}`,
          body: { title: request.book.title, author: request.book.author, publisher: newName(), genreId },
        }
      case 'rename':
        return { method: 'POST', path: '/api/rest/account/info', body: { name: newName() } }
    }
  }
}

interface Answer {
  status: number
  body: string
}

async function send(
  pool: Pool,
  baseUrl: string,
  http: ReturnType<MixedTarget['toHttp']>,
  cookie: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = http.body === undefined ? undefined : JSON.stringify(http.body)
  const answer = await pool.request({
    path: http.path,
    method: http.method as 'GET' | 'POST' | 'PUT',
    headers: {
      cookie,
      accept: 'application/json',
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: baseUrl }),
    },
    body,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  })
  return { status: answer.statusCode, body: await answer.body.text() }
}

interface MixedRunOptions {
  connections: number
  seconds: number
  seed: number
  terms: readonly string[]
  timeoutMs?: number
  /** Ends the run before `seconds` have passed (the scale test's rolling restart). */
  signal?: AbortSignal
}

/** Answers per second since `started` (performance.now()), and the median and 99th percentile of their latencies. */
function rateSince(started: number, latencies: number[]) {
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / seconds,
    p50: latencies.length ? percentile(latencies, 50) : Number.NaN,
    p99: latencies.length ? percentile(latencies, 99) : Number.NaN,
    requests: latencies.length,
  }
}

/** `connections` closed loops for `seconds`; every person answered keeps browsing where they were. */
export async function runMixed(target: MixedTarget, options: MixedRunOptions): Promise<MixedResult> {
  if (target.people.length < options.connections)
    throw new Error(`${target.name}: ${target.people.length} people for ${options.connections} connections`)
  const pool = new Pool(target.baseUrl, { connections: options.connections })
  const random = seededRandom(options.seed)
  const mix = { ...DEFAULT_MIX, terms: options.terms }
  const states: PersonState[] = target.people.map((person) => ({ role: person.role }))
  const idle = target.people.map((_, index) => index)
  const latencies: number[] = []
  const byKind = new Map<string, number[]>()
  const failures: string[] = []
  let [reads, writes, non2xx, errors] = [0, 0, 0, 0]
  const started = performance.now()
  const end = started + options.seconds * 1000
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < end && !options.signal?.aborted) {
          const [index] = idle.splice(Math.floor(random() * idle.length), 1) as [number]
          const person = target.people[index]!
          const planned = nextRequest(states[index]!, random, mix)
          const begin = performance.now()
          try {
            const answer = await send(
              pool,
              target.baseUrl,
              target.toHttp(planned),
              person.cookie,
              options.timeoutMs ?? 30_000,
            )
            const took = performance.now() - begin
            latencies.push(took)
            const kind = requestKind(planned)
            if (!byKind.has(kind)) byKind.set(kind, [])
            byKind.get(kind)!.push(took)
            const ok = answer.status >= 200 && answer.status < 300
            if (!ok) {
              non2xx++
              if (failures.length < 5) failures.push(`${planned.kind} ${answer.status} ${answer.body.slice(0, 200)}`)
            }
            if (planned.kind === 'read') reads++
            else writes++
            states[index] = afterAnswer(
              states[index]!,
              planned,
              ok && planned.kind === 'read'
                ? (JSON.parse(answer.body) as Parameters<typeof afterAnswer>[2])
                : undefined,
            )
          } catch (error) {
            errors++
            if (failures.length < 5) failures.push(`${planned.kind}: ${(error as Error).message}`)
            states[index] = afterAnswer(states[index]!, planned)
          } finally {
            idle.push(index)
          }
        }
      }),
    )
  } finally {
    await pool.destroy()
  }
  return {
    ...rateSince(started, latencies),
    non2xx,
    errors,
    reads,
    writes,
    kinds: kindFigures(byKind),
    failures,
  }
}

/** Count, p50 and p99 of each kind's latencies. */
export function kindFigures(byKind: ReadonlyMap<string, number[]>): Record<string, KindFigures> {
  return Object.fromEntries(
    [...byKind].map(([kind, values]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return [kind, { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }]
    }),
  )
}

/** What a browser sends as `Accept-Encoding` (issue 41: a real browser asks for brotli). */
const BROWSER_ENCODINGS = 'gzip, deflate, br'

/** One GET of a view: a page (HTML) or the API (JSON). */
interface ViewStep {
  path: string
  html?: boolean
}

/**
 * `connections` closed loops, each signed in with one of `cookies`: a view is
 * the GETs `steps(term)` one after the other for a random term (a page; or
 * start-ui-web's shell, then its API as its page asks), as a browser asks
 * (`Accept-Encoding` of BROWSER_ENCODINGS). `rps` counts views.
 */
async function runViews(
  baseUrl: string,
  cookies: readonly string[],
  steps: (term: string) => ViewStep[],
  options: Omit<MixedRunOptions, 'signal'>,
): Promise<MixedResult> {
  if (!cookies.length) throw new Error('runViews: nobody to sign in as')
  const pool = new Pool(baseUrl, { connections: options.connections })
  const random = seededRandom(options.seed)
  const latencies: number[] = []
  const failures: string[] = []
  let [non2xx, errors] = [0, 0]
  const started = performance.now()
  const end = started + options.seconds * 1000
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async (_, loop) => {
        const cookie = cookies[loop % cookies.length]!
        while (performance.now() < end) {
          const term = options.terms[Math.floor(random() * options.terms.length)]!
          const begin = performance.now()
          try {
            let ok = true
            for (const step of steps(term)) {
              const answer = await send(
                pool,
                baseUrl,
                { method: 'GET', path: step.path },
                cookie,
                options.timeoutMs ?? 30_000,
                {
                  'accept-encoding': BROWSER_ENCODINGS,
                  ...(step.html ? { accept: 'text/html,application/xhtml+xml' } : {}),
                },
              )
              if (answer.status < 200 || answer.status >= 300) {
                ok = false
                if (failures.length < 5) failures.push(`${step.path} ${answer.status} ${answer.body.slice(0, 200)}`)
                break
              }
            }
            if (ok) latencies.push(performance.now() - begin)
            else non2xx++
          } catch (error) {
            errors++
            if (failures.length < 5) failures.push((error as Error).message)
          }
        }
      }),
    )
  } finally {
    await pool.destroy()
  }
  return {
    ...rateSince(started, latencies),
    non2xx,
    errors,
    reads: latencies.length,
    writes: 0,
    kinds: {},
    failures,
  }
}

/** The manager's book list with a search: this product's page; start-ui-web's shell then its API (its page has no data of its own). */
const searchPath = (base: string, term: string) => `${base}?${new URLSearchParams({ searchTerm: term })}`
const SEARCH_VIEWS = {
  ours: {
    page: (term: string): ViewStep[] => [{ path: searchPath('/manager/books', term), html: true }],
    api: (term: string): ViewStep[] => [{ path: searchPath('/api/rest/books', term) }],
  },
  theirs: {
    page: (term: string): ViewStep[] => [
      { path: searchPath('/manager/books', term), html: true },
      { path: searchPath('/api/rest/books', term) },
    ],
    api: (term: string): ViewStep[] => [{ path: searchPath('/api/rest/books', term) }],
  },
}

/** The bench's people: `count` accounts, the first `admins` administrators (`mixed-<n>@bench.test`). */
function benchPeople(count: number, admins: number) {
  return people(count, admins).map((role, index) => ({
    id: randomUUID(),
    role,
    email: `mixed-${index}@bench.test`,
    name: `Mixed ${role} ${index}`,
    token: randomBytes(24).toString('base64url'),
  }))
}

/**
 * People with live sessions in this product's database (snake_case columns;
 * better-auth's default 7-day sessions, so none is due a refresh during the run).
 */
export async function insertOurPeople(databaseUrl: string, secret: string, count: number, admins: number) {
  const rows = benchPeople(count, admins)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into "user" (id, name, email, email_verified, role, onboarded_at)
       select id, name, email, true, role, now() from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as p(id, name, email, role)`,
      [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.email), rows.map((r) => r.role)],
    )
    await client.query(
      `insert into session (id, token, expires_at, user_id)
       select gen_random_uuid()::text, token, now() + interval '7 days', user_id from unnest($1::text[], $2::text[]) as s(token, user_id)`,
      [rows.map((r) => r.token), rows.map((r) => r.id)],
    )
  } finally {
    await client.end()
  }
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    cookie: signedSessionCookie(row.token, secret),
  }))
}

/** The same in start-ui-web's database (Prisma's camelCase columns, its `UserRole` enum, its 30-day sessions). */
async function insertTheirPeople(databaseUrl: string, secret: string, count: number, admins: number) {
  const rows = benchPeople(count, admins)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into "user" (id, name, email, "emailVerified", role, "onboardedAt", "createdAt", "updatedAt")
       select id, name, email, true, role::"UserRole", now(), now(), now()
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as p(id, name, email, role)`,
      [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.email), rows.map((r) => r.role)],
    )
    await client.query(
      `insert into session (id, token, "expiresAt", "createdAt", "updatedAt", "userId")
       select gen_random_uuid()::text, token, now() + interval '30 days', now(), now(), user_id
         from unnest($1::text[], $2::text[]) as s(token, user_id)`,
      [rows.map((r) => r.token), rows.map((r) => r.id)],
    )
  } finally {
    await client.end()
  }
  return rows.map((row) => ({ role: row.role, cookie: signedSessionCookie(row.token, secret, SECURE_SESSION_COOKIE) }))
}

/**
 * How this product reaches PostgreSQL beside its direct run (docs/deploy/past-one-machine.md):
 * through Debian's PgBouncer in transaction mode, in front of the same server
 * and database (DATABASE_DIRECT_URL straight to it); or with one streaming
 * replica (DATABASE_REPLICA_URLS), a primary and replica of the bench's own
 * (src/test/replica.ts) holding the same catalogue.
 */
export type MixedShape = 'pooler' | 'replica'

export const MIXED_SHAPES: Record<MixedShape, string> = {
  pooler: 'this product, through PgBouncer',
  replica: 'this product, one replica',
}

/** The replica's primary as the bench's usual server is set: durable, PostgreSQL's default memory. */
const BENCH_SERVER_SETTINGS = ['fsync = on', 'full_page_writes = on', 'shared_buffers = 128MB']

export interface MixedSettings {
  /** The PostgreSQL server's admin connection (bench databases are created there and dropped). */
  adminUrl: string
  bookCounts: number[]
  rounds: number
  seconds: number
  warmUpSeconds: number
  /**
   * The workload on each app once before the first round: a server, its JIT and
   * PostgreSQL's caches and plans reach their steady state only after a minute or so
   * of load (CPU per request fell by a fifth to a third over the first four 13-second runs).
   */
  runInSeconds: number
  connections: number
  people: number
  admins: number
  /** This product's server port and start-ui-web's (free, loopback). */
  ports: [number, number]
  /** The SMTP catcher's URL (nobody signs in by e-mail here; the servers need one). */
  emailServer: string
  /** start-ui-web's built checkout; unset: this product alone. */
  startUiWebDir?: string
  /** This product's runs besides the direct one. */
  shapes: MixedShape[]
  log: (line: string) => void
  /** Also called with each clean-up step (idempotent), for the bench's Ctrl+C handler. */
  track?: (step: () => Promise<unknown>) => void
}

/** One app at one catalogue size: each round's figures and the 1-minute load average at each round's start. */
interface MixedAppRuns {
  app: string
  books: number
  runs: MixedResult[]
  /** Issue 41 part 5, a figure a round (this product's direct run and start-ui-web only): `/login` as a browser asks for it (wrk). */
  login?: LoadResult[]
  /** First pages of random searches through the API, as the admins (views of one GET). */
  searches?: LoadResult[]
  /** The manager's book list page with a random search (start-ui-web: its shell, then its API). */
  pages?: LoadResult[]
  /** What the database alone answers of the same work (pgbench; requests per second): this product only. */
  floor?: number[]
  /** Where a request's machine time went, a round each (ms of CPU per request): this product only. */
  cpu?: RequestCpu[]
  /** The kept reads' hits during the measured run: this product only. */
  kept?: KeptHits[]
}

/**
 * Each measured run starts from a vacuumed, analysed database: the runs
 * before it (the workload's writes, the floor's rolled-back ones) leave dead
 * rows and unmerged search-index entries that slowed the next run's reads,
 * most for whichever ran later in a round (the floor fell 936 → 652 req/s
 * over three rounds without it; the workload by 15 %).
 */
async function settleDatabase(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('vacuum (analyze)')
  } finally {
    await client.end()
  }
}

/** CPU per request of the workload's client (this process), server and PostgreSQL, and PostgreSQL's in the floor (ms). */
interface RequestCpu {
  client: number
  server: number
  postgres: number
  floorPostgres?: number
}

/** The SQL sample a catalogue size's floor replays. */
interface FloorSample {
  books: number
  /** Requests answered while the SQL was logged, units of SQL they sent, units replayed (a sample) and left out (not runnable as logged). */
  requests: number
  units: number
  replayed: number
  leftOut: number
}

export interface MixedReport {
  connections: number
  seconds: number
  /** Each app's run-in before the first round (MixedSettings). */
  runInSeconds?: number
  rounds: number
  people: number
  admins: number
  loads: number[]
  apps: MixedAppRuns[]
  floors?: FloorSample[]
}

/** The token of this product's /api/metrics in the mixed run (the kept reads' hit rates). */
const METRICS_TOKEN = 'bench-metrics-token-0123456789'

async function metricsOf(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  if (!response.ok) throw new Error(`${baseUrl}/api/metrics: ${response.status}`)
  return response.text()
}

/**
 * Units of SQL replayed at most: every unit a 10-second sample sends (about
 * 4,000 at 100,000 books). A unit's cost spans two orders of magnitude (a
 * page by key, a search of a common word), so a sample of 1,000 of them moved
 * the floor by a quarter from one capture to the next (`floorScripts`: how
 * pgbench replays that many).
 */
const FLOOR_UNITS = 8000

/**
 * The workload's SQL as the app sends it: `log_statement = all` set on the
 * bench's database, then a second server of this product started (its
 * connections, opened after, are the ones that log) and a sample of the
 * workload run through it; the log read from before the sample to after it.
 * Undefined (with the reason logged) without pgbench or a readable log.
 */
async function captureFloor(
  settings: MixedSettings,
  database: { name: string; url: string },
  target: Omit<MixedTarget, 'baseUrl' | 'name'>,
  books: number,
  terms: readonly string[],
  startCapture: () => Promise<{ baseUrl: string; stop(): Promise<unknown> }>,
): Promise<{ binary: string; script: FloorScript; sample: FloorSample } | undefined> {
  const binary = pgbenchBinary()
  if (!binary) {
    settings.log('mixed: no pgbench (BENCH_PGBENCH, or postgresql-contrib): no floor')
    return undefined
  }
  const admin = new pg.Client({ connectionString: settings.adminUrl })
  await admin.connect()
  let text: string
  let requests: number
  try {
    const logFile = await postgresLogFile(admin)
    try {
      if (!logFile) throw new Error('not found')
      readFrom(logFile, fileSize(logFile))
    } catch (error) {
      settings.log(
        `mixed: PostgreSQL's log unreadable (${logFile ?? 'BENCH_POSTGRES_LOG'}: ${(error as Error).message}): no floor`,
      )
      return undefined
    }
    await admin.query(`alter database "${database.name}" set log_statement = 'all'`)
    let capture: Awaited<ReturnType<typeof startCapture>> | undefined
    try {
      capture = await startCapture()
      const run = { ...settings, terms, seed: books ^ 0x2545f491 }
      await runMixed(
        { ...target, name: 'capture', baseUrl: capture.baseUrl },
        { ...run, seconds: settings.warmUpSeconds },
      )
      const offset = fileSize(logFile!)
      const result = await runMixed({ ...target, name: 'capture', baseUrl: capture.baseUrl }, run)
      requests = result.requests
      // The logging collector or the service's redirection may lag a moment behind the answers.
      await new Promise((resolve) => setTimeout(resolve, 1000))
      text = readFrom(logFile!, offset)
    } finally {
      await admin.query(`alter database "${database.name}" reset log_statement`)
      await capture?.stop()
    }
  } finally {
    await admin.end()
  }
  const units = replayUnits(parsePostgresLog(text, database.name))
  if (!units.length || !requests) {
    settings.log(`mixed: no SQL of ${database.name} in the log (${requests} requests): no floor`)
    return undefined
  }
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  let runnable: string[][]
  const sampled = sample(units, FLOOR_UNITS, seededRandom(books))
  try {
    runnable = await runnableUnits(client, sampled)
  } finally {
    await client.end()
  }
  const floorSample = {
    books,
    requests,
    units: units.length,
    replayed: runnable.length,
    leftOut: sampled.length - runnable.length,
  }
  settings.log(
    `mixed: floor sample: ${requests} requests sent ${units.length} units of SQL; ${runnable.length} replayed${floorSample.leftOut ? `, ${floorSample.leftOut} left out (not runnable as logged)` : ''}`,
  )
  return { binary, script: writeFloorScript(units, runnable, requests), sample: floorSample }
}

/**
 * One round of issue 41 part 5's figures, each measure going through the apps
 * in turn (a warm-up, then the measured run): `/login` as a browser asks for
 * it (wrk), the API's first pages of random searches, the manager's book
 * list page with a random search; then the floor (pgbench) on this product's database.
 */
async function nearFloorRound(context: {
  settings: MixedSettings
  books: number
  round: number
  terms: readonly string[]
  compared: Array<{ target: MixedTarget; runs: MixedAppRuns; views: (typeof SEARCH_VIEWS)['ours'] }>
  floor: Awaited<ReturnType<typeof captureFloor>>
  databaseUrl: string
}) {
  const { settings, books, round, terms, compared, floor } = context
  const { log } = settings
  const label = `mixed ${books.toLocaleString('en')} books, round ${round + 1}/${settings.rounds}`
  const line = (what: string, result: LoadResult) =>
    `${Math.round(result.rps)} ${what}/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`
  // wrk where it is installed (a client far lighter than this process), else the bench's own.
  const withWrk = await hasWrk()
  for (const { target, runs } of compared) {
    const login = (seconds: number) =>
      withWrk
        ? runWrk(`${target.baseUrl}/login`, {
            connections: settings.connections,
            threads: 2,
            seconds,
            headers: { 'accept-encoding': BROWSER_ENCODINGS, accept: 'text/html,application/xhtml+xml' },
          })
        : runViews(target.baseUrl, [''], () => [{ path: '/login', html: true }], {
            ...settings,
            seconds,
            seed: 1,
            terms: [''],
          })
    await login(settings.warmUpSeconds)
    const result = await login(settings.seconds)
    runs.login!.push(result)
    log(
      `${label}, ${target.name}: /login (browser encodings, ${withWrk ? 'wrk' : 'no wrk: the bench’s client'}) ${line('req', result)}`,
    )
  }
  for (const kind of ['api', 'page'] as const)
    for (const [index, { target, runs, views }] of compared.entries()) {
      const admins = target.people.filter((person) => person.role === 'admin').map((person) => person.cookie)
      const seed = (books + round * 104_729 + index) >>> 0
      const run = (seconds: number, seedOf: number) =>
        runViews(target.baseUrl, admins, views[kind], { ...settings, seconds, seed: seedOf, terms })
      if (target.databaseUrl) await settleDatabase(target.databaseUrl)
      await run(settings.warmUpSeconds, seed ^ 0x68e31da4)
      const result = await run(settings.seconds, seed)
      ;(kind === 'api' ? runs.searches! : runs.pages!).push(result)
      log(
        `${label}, ${target.name}: ${kind === 'api' ? 'search API first pages' : 'book list page with a search'} ${line(kind === 'api' ? 'req' : 'views', result)}${result.failures.length ? `: ${result.failures.join(' | ')}` : ''}`,
      )
    }
  if (floor) {
    const options = { connections: settings.connections, seconds: settings.warmUpSeconds }
    await settleDatabase(context.databaseUrl)
    await runPgbench(floor.binary, context.databaseUrl, floor.script, options)
    const postgresBefore = postgresCpuNanoseconds()
    const result = await runPgbench(floor.binary, context.databaseUrl, floor.script, {
      ...options,
      seconds: settings.seconds,
    })
    // pgbench's rate leaves out its connections' start; so does this, near enough over the run.
    const postgres = (postgresCpuNanoseconds() - postgresBefore) / 1e6 / (result.requestsPerSecond * settings.seconds)
    const { runs } = compared[0]!
    runs.floor!.push(result.requestsPerSecond)
    const cpu = runs.cpu?.at(-1)
    if (cpu) cpu.floorPostgres = postgres
    log(
      `${label}: floor (pgbench, ${settings.connections} clients) ${result.tps.toFixed(1)} tx/s = ${result.requestsPerSecond.toFixed(1)} req/s${result.failed ? `, ${result.failed} failed` : ''}; PostgreSQL ${postgres.toFixed(2)} ms CPU/request`,
    )
  }
}

/**
 * For each catalogue size: a database per app (ours: migrations, seed and
 * generated books; start-ui-web's: its schema and the same books), the people
 * inserted, both servers started, then `rounds` rounds going through the apps
 * in turn (a warm-up, then the measured run); servers stopped and databases
 * dropped before the next size.
 */
export async function measureMixed(settings: MixedSettings, terms: readonly string[]): Promise<MixedReport> {
  const { startApp } = await import('./app')
  const { createBenchDatabase, fillDatabase, fillStartUiWebDatabase } = await import('./database')
  const { startStartUiWeb, startUiWebEnv } = await import('./start-ui-web')
  const { freePort, startPgBouncer } = await import('../src/test/pgbouncer')
  const { startReplicated } = await import('../src/test/replica')
  const { loadavg } = await import('node:os')
  const { rssMegabytes } = await import('./load')
  const { log } = settings
  const report: MixedReport = {
    connections: settings.connections,
    seconds: settings.seconds,
    runInSeconds: settings.runInSeconds,
    rounds: settings.rounds,
    people: settings.people,
    admins: settings.admins,
    loads: [],
    apps: [],
  }
  for (const books of settings.bookCounts) {
    const steps: Array<() => Promise<unknown>> = []
    const push = steps.push.bind(steps)
    steps.push = (...added) => {
      for (const step of added) settings.track?.(step)
      return push(...added)
    }
    try {
      const ours = await createBenchDatabase(settings.adminUrl)
      steps.push(() => ours.drop())
      let started = Date.now()
      await fillDatabase(ours.url, books, log)
      log(
        `mixed: ${books.toLocaleString('en')} books seeded for this product in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      )
      const secret = 'bench-secret-bench-secret-bench-secret-0123'
      const app = await startApp(ours.url, settings.emailServer, 120_000, {
        PORT: String(settings.ports[0]),
        AUTH_SECRET: secret,
        METRICS_TOKEN,
      })
      steps.push(() => app.stop())
      const targets: MixedTarget[] = [
        {
          name: 'this product',
          baseUrl: app.baseUrl,
          people: await insertOurPeople(ours.url, secret, settings.people, settings.admins),
          toHttp: ourRequests,
          pid: app.process.pid,
          databaseUrl: ours.url,
        },
      ]
      const ourPeople = targets[0]!.people
      const extraEnv = { AUTH_SECRET: secret }
      // BENCH_MIXED_NODE_FLAGS ('--max-semi-space-size=8;' …): the same server with other Node flags, on the same database.
      for (const flags of process.env.BENCH_MIXED_NODE_FLAGS?.split(';') ?? []) {
        const variant = await startApp(
          ours.url,
          settings.emailServer,
          120_000,
          { ...extraEnv, PORT: String(await freePort()) },
          flags.split(' ').filter(Boolean),
        )
        steps.push(() => variant.stop())
        const name = `this product (${flags || 'no flags'})`
        targets.push({
          name,
          baseUrl: variant.baseUrl,
          people: ourPeople,
          toHttp: ourRequests,
          pid: variant.process.pid,
          databaseUrl: ours.url,
        })
      }
      if (settings.shapes.includes('pooler')) {
        const bouncer = await startPgBouncer(ours.url, { poolSize: 10 })
        steps.push(() => bouncer.stop())
        const pooled = await startApp(bouncer.through(ours.url), settings.emailServer, 120_000, {
          ...extraEnv,
          PORT: String(await freePort()),
          DATABASE_DIRECT_URL: ours.url,
        })
        steps.push(() => pooled.stop())
        targets.push({
          name: MIXED_SHAPES.pooler,
          baseUrl: pooled.baseUrl,
          people: ourPeople,
          toHttp: ourRequests,
          databaseUrl: ours.url,
        })
      }
      if (settings.shapes.includes('replica')) {
        const cluster = await startReplicated({ settings: BENCH_SERVER_SETTINGS })
        steps.push(async () => cluster.stop())
        started = Date.now()
        await fillDatabase(cluster.primaryUrl, books, log)
        await cluster.caughtUp(600_000)
        log(
          `mixed: ${books.toLocaleString('en')} books seeded on a primary with one replica in ${((Date.now() - started) / 1000).toFixed(0)} s`,
        )
        const replicated = await startApp(cluster.primaryUrl, settings.emailServer, 120_000, {
          ...extraEnv,
          PORT: String(await freePort()),
          DATABASE_REPLICA_URLS: cluster.replicaUrl,
        })
        steps.push(() => replicated.stop())
        targets.push({
          name: MIXED_SHAPES.replica,
          baseUrl: replicated.baseUrl,
          people: await insertOurPeople(cluster.primaryUrl, secret, settings.people, settings.admins),
          toHttp: ourRequests,
          databaseUrl: cluster.primaryUrl,
        })
      }
      if (settings.startUiWebDir) {
        const env = startUiWebEnv(settings.startUiWebDir)
        if (!env.DATABASE_URL || !env.AUTH_SECRET)
          throw new Error("start-ui-web's .env names no DATABASE_URL or AUTH_SECRET")
        const theirs = await createBenchDatabase(settings.adminUrl)
        steps.push(() => theirs.drop())
        started = Date.now()
        const { genreIds } = await fillStartUiWebDatabase(theirs.url, env.DATABASE_URL, books, log)
        log(
          `mixed: ${books.toLocaleString('en')} books seeded for start-ui-web in ${((Date.now() - started) / 1000).toFixed(0)} s`,
        )
        const server = await startStartUiWeb(settings.startUiWebDir, settings.emailServer, 120_000, {
          DATABASE_URL: theirs.url,
          PORT: String(settings.ports[1]),
        })
        steps.push(() => server.stop())
        targets.push({
          name: 'start-ui-web',
          baseUrl: server.baseUrl,
          people: await insertTheirPeople(theirs.url, env.AUTH_SECRET, settings.people, settings.admins),
          toHttp: theirRequests(genreIds),
          databaseUrl: theirs.url,
        })
      }
      const floor = await captureFloor(
        settings,
        ours,
        { people: ourPeople, toHttp: ourRequests },
        books,
        terms,
        async () => startApp(ours.url, settings.emailServer, 120_000, { ...extraEnv, PORT: String(await freePort()) }),
      )
      if (floor) {
        steps.push(async () => floor.script.files.forEach(({ file }) => rmSync(file, { force: true })))
        report.floors = [...(report.floors ?? []), floor.sample]
      }
      const runs: MixedAppRuns[] = targets.map((target) => ({ app: target.name, books, runs: [] as MixedResult[] }))
      // Issue 41 part 5's figures: this product's direct run and start-ui-web.
      const compared = targets.flatMap((target, index) =>
        index === 0 || target.name === 'start-ui-web'
          ? [{ target, runs: runs[index]!, views: index === 0 ? SEARCH_VIEWS.ours : SEARCH_VIEWS.theirs }]
          : [],
      )
      for (const { runs: appRuns } of compared) Object.assign(appRuns, { login: [], searches: [], pages: [] })
      Object.assign(runs[0]!, { kept: [], cpu: [], ...(floor ? { floor: [] } : {}) })
      for (const [index, target] of targets.entries()) {
        log(`mixed ${books.toLocaleString('en')} books, ${target.name}: run in for ${settings.runInSeconds} s`)
        await runMixed(target, {
          ...settings,
          seconds: settings.runInSeconds,
          seed: (books + index) ^ 0x1b873593,
          terms,
        })
      }
      for (let round = 0; round < settings.rounds; round++) {
        report.loads.push(loadavg()[0]!)
        for (const [index, target] of targets.entries()) {
          const seed = (books + round * 7919 + index) >>> 0
          if (target.databaseUrl) await settleDatabase(target.databaseUrl)
          await runMixed(target, { ...settings, seconds: settings.warmUpSeconds, seed: seed ^ 0x5bd1e995, terms })
          const metricsBefore = index === 0 ? await metricsOf(target.baseUrl) : ''
          const cpuBefore = target.pid && cpuNanoseconds(target.pid)
          const clientBefore = process.cpuUsage()
          const postgresBefore = postgresCpuNanoseconds()
          const result = await runMixed(target, { ...settings, seed, terms })
          const client = process.cpuUsage(clientBefore)
          const answered = result.reads + result.writes
          const cpu = {
            client: (client.user + client.system) / 1000 / answered,
            server: target.pid ? (cpuNanoseconds(target.pid) - cpuBefore!) / 1e6 / answered : Number.NaN,
            postgres: (postgresCpuNanoseconds() - postgresBefore) / 1e6 / answered,
          }
          if (index === 0) {
            runs[0]!.kept!.push(keptHits(metricsBefore, await metricsOf(target.baseUrl)))
            runs[0]!.cpu!.push(cpu)
          }
          const server = target.pid
            ? `; server ${cpu.server.toFixed(2)} ms CPU/request, RSS ${rssMegabytes(target.pid)?.toFixed(0)} MB`
            : ''
          const clientCpu = `; client ${cpu.client.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)} ms CPU/request`
          runs[index]!.runs.push(result)
          const slowest = Object.entries(result.kinds)
            .sort(([, a], [, b]) => b.p99 - a.p99)
            .slice(0, 3)
            .map(
              ([kind, figures]) =>
                `${kind} ×${figures.count} p50 ${figures.p50.toFixed(0)} p99 ${figures.p99.toFixed(0)}`,
            )
          log(
            `mixed ${books.toLocaleString('en')} books, round ${round + 1}/${settings.rounds}, ${target.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (${result.reads} reads, ${result.writes} writes${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors: ${result.failures.join(' | ')}` : ''}); load ${loadavg()[0]!.toFixed(1)}${server}${clientCpu}; slowest: ${slowest.join('; ')}`,
          )
        }
        await nearFloorRound({ settings, books, round, terms, compared, floor, databaseUrl: ours.url })
      }
      report.apps.push(...runs)
    } finally {
      for (const step of steps.reverse()) {
        try {
          await step()
        } catch (error) {
          log(`mixed: a clean-up step failed: ${(error as Error).message}`)
        }
      }
    }
  }
  return report
}
