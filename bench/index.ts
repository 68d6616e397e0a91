/**
 * `npm run bench`: every figure of issue 14 in one run, printed as one table
 * and written to docs/performance.md (between the markers of report.ts).
 *
 * Creates a throwaway database `bench_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (an admin connection, default the local server), fills it
 * with BENCH_BOOKS books (database.ts), starts the production build against it,
 * signs in as the seeded admin by e-mail code (an SMTP catcher in this
 * process), then, each part skippable:
 *
 * - `million`: GET /api/rest/books, one request at a time, for a first page,
 *   later pages, a common and a rare search (p95 per case); EXPLAINs each
 *   query as the app builds it and fails when one reads the book table
 *   without an index;
 * - `load`: `wrk -t2 -c20` on each route (the login page, the books page, the
 *   session check, the book list API's first page and its second page), in
 *   interleaved rounds, with the server's RSS before and after;
 * - `sql`: the SQL of those two pages run bare through a `pg` Pool of the same
 *   concurrency (the floor the API is compared with: the first page is kept
 *   by the API until a write is announced, the second page never is);
 * - `compression`: the encodings and `Vary` of HTML, JSON, JS and CSS answers;
 * - `weight`: JS+CSS gzip each budgeted route loads in Chromium;
 * - `lighthouse`: the scores and LCP of bench/lighthouse.ts's `measureLighthouse`;
 * - `soak`: every load route at once for BENCH_SOAK_SECONDS (off unless that is
 *   set), with the server's RSS before, at the end and 5 s later;
 * - `rate-limit`: a second server with RATE_LIMIT=true (after the others, the
 *   first one stopped), `wrk` on `/api/auth/get-session` anonymous and signed
 *   in: no answer may be a 429 (or any other non-2xx);
 * - `phone`: what a person feels on a phone (issue 25 part 4, bench/phone.ts):
 *   Chromium with the CPU slowed 4× and a slow network, the time from opening
 *   `/login` to the first type + Enter that reaches `/login/verify` (and the
 *   attempts lost before it), INP on `/login`, `/app/books` and `/manager/books`,
 *   and Lighthouse mobile's Total Blocking Time there; beside start-ui-web's
 *   when BENCH_START_UI_WEB_DIR names its build (bench/start-ui-web.ts), rounds
 *   interleaved between the two.
 * - `mixed`: the real workload (issue 26 part 4, bench/mixed.ts), on its own
 *   databases of BENCH_MIXED_BOOKS books each (this product's and, when
 *   BENCH_START_UI_WEB_DIR is set, start-ui-web's with the same books):
 *   BENCH_MIXED_PEOPLE signed-in people (BENCH_MIXED_ADMINS of them
 *   administrators) browsing random pages of random lists with random search
 *   terms, 5 % writes, over BENCH_MIXED_CONNECTIONS connections, in interleaved
 *   rounds; this product also through PgBouncer and with one streaming replica
 *   (BENCH_MIXED_SHAPES, bench/mixed.ts's `MixedShape`); in the same rounds, issue 41 part 5's
 *   figures: the workload beside its floor (its SQL from PostgreSQL's log replayed by pgbench,
 *   bench/floor.ts), the kept reads' hit rates (bench/hit-rates.ts), `/login` with a browser's
 *   Accept-Encoding, the book list page with random searches beside the API; written into its own section of docs/performance.md, so that
 *   `BENCH_ONLY=mixed` changes nothing else there (and needs no other server).
 *
 * - `observability`: the cost of metrics and traces (bench/observability.ts):
 *   the same routes on a plain server, one with METRICS_TOKEN and one with
 *   METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT, in interleaved rounds (printed);
 *   the metrics step's and tracing's own CPU per request, measured apart
 *   (bench/tracing-step.ts).
 *
 * The database is dropped and the server stopped at the end, on failure and on Ctrl+C too.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_BOOKS (1000000), BENCH_ROUNDS (3), BENCH_RUNS (20 a round),
 * BENCH_LOAD_ROUNDS (3), BENCH_LOAD_SECONDS (10), BENCH_LOAD_ROUTES (some of login,
 * manager-books, session-anonymous, session, books-api: both pages), BENCH_CONNECTIONS (20), BENCH_SKIP (a comma-separated list
 * of the parts above), BENCH_PORT / BENCH_SMTP_PORT (else free ports), BENCH_CPU_PROF=1 (the server writes a
 * CPU profile into bench-profiles/), BENCH_SOAK_SECONDS (the `soak` part's length; unset: not run),
 * BENCH_WRITE (set to 0 to leave docs/performance.md alone), BENCH_ONLY (a comma-separated list of the parts
 * to run, every other one skipped: `BENCH_ONLY=phone` runs only the phone part), BENCH_PHONE_ROUNDS (3),
 * BENCH_START_UI_WEB_DIR (start-ui-web's built checkout, for the `phone` part; unset: ours alone),
 * BENCH_START_UI_WEB_NODE (the Node 22 binary it runs on; default `node`), BENCH_MIXED_BOOKS (100000,1000000: the
 * catalogue sizes of the `mixed` part), BENCH_MIXED_ROUNDS (3), BENCH_MIXED_SECONDS (10), BENCH_MIXED_RUN_IN_SECONDS (30), BENCH_MIXED_CONNECTIONS (20),
 * BENCH_MIXED_PEOPLE (100), BENCH_MIXED_ADMINS (20), BENCH_MIXED_PORTS (4521,4522: ours, start-ui-web's),
 * BENCH_MIXED_SHAPES (pooler,replica: this product's runs besides the direct one; empty for none), BENCH_PGBENCH
 * (the mixed part's floor; default Debian's), BENCH_POSTGRES_LOG (PostgreSQL's log file, for the floor's SQL).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import os from 'node:os'

import pg from 'pg'
import { format, resolveConfig } from 'prettier'
import { runnerImport } from 'vite'

import { ensureBuild, type RunningApp, runtimeFloorMegabytes, signIn, startApp, startMailCatcher } from './app'
import { CATALOGUE_WORDS, createBenchDatabase, fillDatabase } from './database'
import { hasWrk, loadAverage, type LoadResult, rssMegabytes, runBareSql, runWrk, type SqlStatement } from './load'
import { measureMixed, MIXED_SHAPES, type MixedReport, type MixedShape } from './mixed'
import { searchTermsOf } from './mixed-plan'
import { observabilityCost } from './observability'
import type { PhoneApp } from './phone'
import { SEQ_SCAN_MAX_ROWS, seqScannedBookRows } from './plans'
import {
  type CaseResult,
  type CompressionCheck,
  type LighthouseResult,
  type LoadReport,
  markdownReport,
  type MillionReport,
  mixedMarkdown,
  type RateLimitCheck,
  replaceMixedReport,
  replaceReport,
  type Report,
  REPORT_FILE,
  type SoakReport,
  type WeightResult,
} from './report'
import { startStartUiWeb, startUiWebDir } from './start-ui-web'
import { roundStats } from './stats'

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TOTAL_BOOKS = Number(process.env.BENCH_BOOKS ?? 1_000_000)
/** The users of the user list's cases (issue 27): as many as the books unless BENCH_USERS says. */
const TOTAL_USERS = Number(process.env.BENCH_USERS ?? TOTAL_BOOKS)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const WARM_UP = 5
const PAGE_DEPTH = 50
const PLAN_CHECK_MIN_BOOKS = 100_000
const OVERALL_TIMEOUT_MS = 45 * 60_000
const REQUEST_TIMEOUT_MS = 30_000
/** Common: "Winter" is one of 40 adjectives and one of 50 nouns (~4.5% of the books). Rare: one title (~20 books). */
const COMMON_TERM = 'winter'
const RARE_TERM = 'Amber Cartographer of Lamu'
/**
 * A first name of the generated users (one in 50), early in the name order. A
 * name late in it ("wanjiru") walks the order to its matches, as a common
 * book term far along the titles does (decision 032: not solved).
 */
const USER_TERM = 'bashir'
const ADMIN_EMAIL = 'admin@admin.com'
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3)
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10)
const LOAD_WARM_UP_SECONDS = 2
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 0)
const SETTLE_MS = 5000
const PHONE_ROUNDS = Number(process.env.BENCH_PHONE_ROUNDS ?? 3)
const USER_EMAIL = 'user@user.com'
/** The sign-in form of both apps (ours and start-ui-web): an e-mail field, then a one-time-code field on /login/verify. */
const PHONE_LOGIN = {
  emailField: 'input[type="email"]',
  codeField: 'input[autocomplete="one-time-code"]',
  verifyPath: /^\/login\/verify\/?$/,
}

/** The parts of a run, each skippable with BENCH_SKIP=part,part. */
const PARTS = [
  'million',
  'load',
  'sql',
  'compression',
  'weight',
  'lighthouse',
  'soak',
  'rate-limit',
  'phone',
  'mixed',
  'observability',
] as const
const partList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
const SKIP = new Set(partList(process.env.BENCH_SKIP))
const ONLY = partList(process.env.BENCH_ONLY)
for (const [name, parts] of [
  ['BENCH_SKIP', [...SKIP]],
  ['BENCH_ONLY', ONLY],
] as const)
  for (const part of parts)
    if (!(PARTS as readonly string[]).includes(part))
      throw new Error(`${name}: unknown part ${part} (parts: ${PARTS.join(', ')})`)
if (ONLY.length) for (const part of PARTS) if (!ONLY.includes(part)) SKIP.add(part)
// The soak is long: only on demand.
if (!(SOAK_SECONDS > 0)) SKIP.add('soak')
const runs = (part: (typeof PARTS)[number]) => !SKIP.has(part)
function mixedShapes(value: string): MixedShape[] {
  const shapes = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  for (const shape of shapes)
    if (!(shape in MIXED_SHAPES))
      throw new Error(`BENCH_MIXED_SHAPES: unknown ${shape} (${Object.keys(MIXED_SHAPES).join(', ')})`)
  return shapes as MixedShape[]
}
const numbers = (value: string) => value.split(',').map((item) => Number(item.trim()))
const MIXED = {
  bookCounts: numbers(process.env.BENCH_MIXED_BOOKS ?? '100000,1000000'),
  rounds: Number(process.env.BENCH_MIXED_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_MIXED_SECONDS ?? 10),
  warmUpSeconds: 2,
  runInSeconds: Number(process.env.BENCH_MIXED_RUN_IN_SECONDS ?? 30),
  connections: Number(process.env.BENCH_MIXED_CONNECTIONS ?? 20),
  people: Number(process.env.BENCH_MIXED_PEOPLE ?? 100),
  admins: Number(process.env.BENCH_MIXED_ADMINS ?? 20),
  ports: numbers(process.env.BENCH_MIXED_PORTS ?? '4521,4522') as [number, number],
  shapes: mixedShapes(process.env.BENCH_MIXED_SHAPES ?? 'pooler,replica'),
}

const log = (line: string) => console.log(`[bench] ${line}`)

const cleanups: Array<() => Promise<unknown>> = []
let cleaning: Promise<void> | undefined
function cleanUp() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step()
      } catch (error) {
        console.error('[bench] clean-up step failed:', (error as Error).message)
      }
    }
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`)
    void cleanUp().finally(() => process.exit(130))
  })
}
const overall = setTimeout(() => {
  console.error(`[bench] no result within ${OVERALL_TIMEOUT_MS / 60_000} min: giving up`)
  void cleanUp().finally(() => process.exit(1))
}, OVERALL_TIMEOUT_MS)

interface ListInput {
  searchTerm: string
  cursor?: string
  limit: number
  sort?: 'title' | 'author'
  order?: 'asc' | 'desc'
  genreId?: string
}

interface Page {
  items: Array<{
    id: string
    title: string
    author: string
    genre?: { id: string } | null
    role?: string
    banned?: boolean
  }>
  nextCursor: string | null
  total: number | null
}

/** The mixed run (bench/mixed.ts) with this run's settings. */
function mixedPart(emailServer: string): Promise<MixedReport> {
  return measureMixed(
    {
      ...MIXED,
      adminUrl: ADMIN_URL,
      emailServer,
      startUiWebDir: startUiWebDir(),
      log,
      track: (step) => cleanups.push(step),
    },
    searchTermsOf(CATALOGUE_WORDS),
  )
}

/** docs/performance.md with `sections` replaced, formatted as `npm run lint` checks it (Prettier aligns the tables). */
async function writeReport(sections: Array<(document: string) => string>) {
  if (process.env.BENCH_WRITE === '0') return
  let document = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : ''
  for (const section of sections) document = section(document)
  writeFileSync(REPORT_FILE, await format(document, { ...(await resolveConfig(REPORT_FILE)), filepath: REPORT_FILE }))
  log(`wrote ${REPORT_FILE}`)
}

/** `BENCH_ONLY=mixed`: no server of the other parts, only the mixed run's section written. */
async function mixedOnly(loadAtStart: string) {
  await ensureBuild(log)
  const mail = await startMailCatcher()
  cleanups.push(() => mail.close())
  const mixed = await mixedPart(mail.url)
  const sql = new pg.Client({ connectionString: ADMIN_URL })
  await sql.connect()
  const postgres = (await sql.query('show server_version')).rows[0].server_version as string
  await sql.end()
  const markdown = mixedMarkdown(mixed, {
    date: new Date().toISOString(),
    machine: machine(),
    postgres,
    loadAverage: { start: loadAtStart, end: loadAverage() },
  })
  console.log(`\n${markdown}`)
  await writeReport([(document) => replaceMixedReport(document, markdown)])
}

async function main() {
  const started = Date.now()
  const loadAtStart = loadAverage()
  log(`parts: ${PARTS.filter(runs).join(', ') || 'none'}${SKIP.size ? ` (skipped: ${[...SKIP].join(', ')})` : ''}`)
  if (!PARTS.some((part) => part !== 'mixed' && runs(part))) return mixedOnly(loadAtStart)
  await ensureBuild(log)
  const { module: queries } = await runnerImport<typeof import('./queries')>('./bench/queries.ts', {
    configFile: false,
    resolve: { tsconfigPaths: true },
    logLevel: 'error',
  })

  const database = await createBenchDatabase(ADMIN_URL)
  cleanups.push(async () => {
    await database.drop()
    log(`dropped ${database.name}`)
  })
  log(
    `created ${database.name}; seeding ${TOTAL_BOOKS.toLocaleString('en')} books${runs('million') ? ` and ${TOTAL_USERS.toLocaleString('en')} users` : ''}`,
  )
  // The users only for the `million` part's user list cases.
  await fillDatabase(database.url, TOTAL_BOOKS, log, runs('million') ? TOTAL_USERS : 0)

  const sql = new pg.Client({ connectionString: database.url })
  await sql.connect()
  cleanups.push(() => sql.end())
  const books = Number((await sql.query('select count(*) as n from book')).rows[0].n)
  if (books !== TOTAL_BOOKS) throw new Error(`expected ${TOTAL_BOOKS} books, found ${books}`)

  const mail = await startMailCatcher()
  cleanups.push(() => mail.close())
  const app = await startApp(database.url, mail.url)
  cleanups.push(() => app.stop())
  log(`server on ${app.baseUrl}`)
  const cookie = await signIn(app.baseUrl, ADMIN_EMAIL, (email) => mail.nextCode(email))
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const rssIdle = rssMegabytes(app.process.pid)
  const runtimeFloor = await runtimeFloorMegabytes()

  const report: Report = {
    date: new Date().toISOString(),
    machine: machine(),
    postgres: (await sql.query('show server_version')).rows[0].server_version as string,
    books: TOTAL_BOOKS,
    loadAverage: { start: loadAtStart, end: '' },
    rss: { idle: rssIdle, runtimeFloor },
    seconds: 0,
    skipped: [...SKIP],
  }

  if (runs('million')) report.million = await millionCases(app.baseUrl, cookie, sql, queries)
  if (runs('compression')) report.compression = await compressionChecks(app.baseUrl, cookie)
  if ((runs('load') || runs('soak') || runs('rate-limit')) && !(await hasWrk()))
    throw new Error('wrk is not installed (apt-get install wrk), or skip the parts: BENCH_SKIP=load,rate-limit')
  if (runs('load') || runs('sql')) {
    // The second page: never kept, so the API runs its SQL at every request (the overhead beside the bare SQL).
    const { nextCursor } = (await (
      await fetch(`${app.baseUrl}/api/rest/books`, { headers: { cookie } })
    ).json()) as Page
    const load = await loadRoutes(app.baseUrl, cookie, database.url, {
      first: [queries.listSql({ searchTerm: '', limit: 20 })],
      second: { cursor: nextCursor!, sql: [queries.listSql({ searchTerm: '', cursor: nextCursor!, limit: 20 })] },
    })
    report.load = load
    report.rss.afterLoad = rssMegabytes(app.process.pid)
  }
  let observability: string | undefined
  if (runs('observability')) {
    const { nextCursor } = (await (
      await fetch(`${app.baseUrl}/api/rest/books`, { headers: { cookie } })
    ).json()) as Page
    observability = await observabilityCost(
      app,
      database.url,
      mail.url,
      [
        { label: 'GET `/login`, anonymous', path: '/login', headers: {} },
        {
          label: 'GET `/api/rest/books`, second page (session, procedure, SQL)',
          path: `/api/rest/books?cursor=${encodeURIComponent(nextCursor!)}`,
          headers: { cookie },
        },
      ],
      { rounds: LOAD_ROUNDS, seconds: LOAD_SECONDS, connections: CONNECTIONS, log },
    )
  }
  const cookieFor = (email: string) => signIn(app.baseUrl, email, (e) => mail.nextCode(e))
  if (runs('weight')) report.weights = await pageWeights(app.baseUrl, cookieFor)
  if (runs('lighthouse')) report.lighthouse = await lighthouseScores(app.baseUrl, cookieFor)
  if (runs('phone')) report.phone = await phoneFigures(app.baseUrl, cookieFor, mail)
  if (runs('soak')) report.soak = await soak(app, cookie)
  if (runs('rate-limit')) {
    // Its own server (RATE_LIMIT=true) on the same database and port: the first one stops.
    await app.stop()
    const limited = await startApp(database.url, mail.url, 60_000, { RATE_LIMIT: 'true' })
    cleanups.push(() => limited.stop())
    report.rateLimit = await rateLimitChecks(limited.baseUrl, (email) =>
      signIn(limited.baseUrl, email, (e) => mail.nextCode(e)),
    )
    await limited.stop()
  }

  // Its own servers and databases: the first server stops first.
  let mixed: string | undefined
  if (runs('mixed')) {
    await app.stop()
    mixed = mixedMarkdown(await mixedPart(mail.url), {
      date: report.date,
      machine: report.machine,
      postgres: report.postgres,
      loadAverage: { start: loadAtStart, end: loadAverage() },
    })
  }

  report.loadAverage.end = loadAverage()
  report.seconds = Math.round((Date.now() - started) / 1000)
  const markdown = markdownReport(report)
  console.log(`\n${markdown}${mixed ? `\n\n${mixed}` : ''}${observability ? `\n\n${observability}` : ''}`)
  await writeReport([
    (document) => replaceReport(document, markdown),
    ...(mixed ? [(document: string) => replaceMixedReport(document, mixed)] : []),
  ])

  // Every list query must read the book table through an index, but for a sequential scan that stops
  // early: the first matches of a common word under a limit (a few thousand rows, a millisecond).
  const failures = (report.million?.cases ?? []).flatMap((result) =>
    result.plans
      .filter(
        (plan) =>
          plan.query === 'list' &&
          (seqScannedBookRows(plan.text) > SEQ_SCAN_MAX_ROWS ||
            !/Index (Only )?Scan|Bitmap Index Scan/.test(plan.text)),
      )
      .map(() => result.label),
  )
  // Below ~100,000 rows a sequential scan can rightly be the cheapest plan.
  if (failures.length && TOTAL_BOOKS >= PLAN_CHECK_MIN_BOOKS)
    throw new Error(`no index scan on book for: ${failures.join(', ')}`)
  if (failures.length) log(`not checked at ${TOTAL_BOOKS} books: no index scan on book for ${failures.join(', ')}`)
}

type Queries = typeof import('./queries')

/** The book list at a million rows, one request at a time: first page, later pages, a common and a rare search. */
async function millionCases(baseUrl: string, cookie: string, sql: pg.Client, queries: Queries): Promise<MillionReport> {
  async function get<T>(path: string): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const listPath = (input: Partial<ListInput>, resource = 'books') => {
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(input)) if (value) query.set(name, String(value))
    return `/api/rest/${resource}${query.size ? `?${query}` : ''}`
  }

  // The cursors of the later pages: page 51 by following nextCursor, and the
  // middle of the list by building the cursor of its 500,000th row.
  let cursor: string | undefined
  for (let page = 0; page < PAGE_DEPTH; page++) {
    const result: Page = await get<Page>(listPath({ cursor }))
    if (!result.nextCursor) throw new Error(`the list ended after ${page + 1} pages`)
    cursor = result.nextCursor
  }
  const totals = new Map<string, number | null>()
  const middle = Math.floor(TOTAL_BOOKS / 2)
  const [row] = (
    await sql.query<{ title: string; id: string }>('select title, id from book order by title, id offset $1 limit 1', [
      middle,
    ])
  ).rows
  const middleCursor = queries.encodeCursor({ sort: row!.title, id: row!.id })

  // The sorts and filters of issue 27: a genre (a tenth of the books), and the user list's.
  const [genre] = (await sql.query<{ id: string; name: string }>('select id, name from genre order by name limit 1'))
    .rows
  const [authorRow] = (
    await sql.query<{ author: string; id: string }>(
      'select author, id from book order by author desc, id desc offset $1 limit 1',
      [middle],
    )
  ).rows
  const authorMiddleCursor = queries.encodeCursor({ sort: authorRow!.author, id: authorRow!.id })
  const cases: Array<{
    key: string
    label: string
    input: Partial<ListInput> & Record<string, string | number | undefined>
    firstPage: boolean
    /** The user list (no SQL EXPLAINed: its query is built in its handler). */
    users?: boolean
  }> = [
    { key: 'first', label: 'first page', input: {}, firstPage: true },
    { key: 'page51', label: `page ${PAGE_DEPTH + 1} (followed cursors)`, input: { cursor }, firstPage: false },
    {
      key: 'middle',
      label: `page at row ${middle.toLocaleString('en')} (built cursor)`,
      input: { cursor: middleCursor },
      firstPage: false,
    },
    { key: 'common', label: `search "${COMMON_TERM}" (common)`, input: { searchTerm: COMMON_TERM }, firstPage: true },
    { key: 'rare', label: `search "${RARE_TERM}" (rare)`, input: { searchTerm: RARE_TERM }, firstPage: true },
    { key: 'title-desc', label: 'by title, descending', input: { order: 'desc' }, firstPage: true },
    { key: 'author', label: 'by author', input: { sort: 'author' }, firstPage: true },
    {
      key: 'author-desc-middle',
      label: `by author, descending, page at row ${middle.toLocaleString('en')}`,
      input: { sort: 'author', order: 'desc', cursor: authorMiddleCursor },
      firstPage: false,
    },
    { key: 'genre', label: `genre "${genre!.name}"`, input: { genreId: genre!.id }, firstPage: true },
    {
      key: 'genre-author-desc',
      label: `genre "${genre!.name}" by author, descending`,
      input: { genreId: genre!.id, sort: 'author', order: 'desc' },
      firstPage: true,
    },
    {
      key: 'genre-common',
      label: `genre "${genre!.name}", search "${COMMON_TERM}", by author`,
      input: { genreId: genre!.id, searchTerm: COMMON_TERM, sort: 'author' },
      firstPage: true,
    },
    ...userCases(),
  ]

  // Each case checked once, then timed in ROUNDS rounds that go through every
  // case in turn, so a burst of load elsewhere on the machine hits one round
  // of every case rather than all runs of one case.
  const timed = [
    ...cases.map((c) => ({ label: c.label, path: listPath(c.input, c.users ? 'users' : 'books') })),
    { label: 'dashboard figures', path: '/api/rest/dashboard' },
  ]
  for (const [index, testCase] of cases.entries()) {
    const sample = await get<Page>(timed[index]!.path)
    if (sample.items.length === 0) throw new Error(`${testCase.label}: no rows`)
    if (testCase.firstPage !== (sample.total !== null))
      throw new Error(`${testCase.label}: total ${sample.total} on a ${testCase.firstPage ? 'first' : 'later'} page`)
    const term = testCase.users ? undefined : testCase.input.searchTerm?.toLowerCase()
    if (term && !sample.items.every((item) => `${item.title} ${item.author}`.toLowerCase().includes(term))) {
      throw new Error(`${testCase.label}: a book does not match`)
    }
    const { genreId, role, banned } = testCase.input
    if (genreId && !sample.items.every((item) => item.genre?.id === genreId))
      throw new Error(`${testCase.label}: a book of another genre`)
    if (role && !sample.items.every((item) => item.role === role)) throw new Error(`${testCase.label}: another role`)
    if (banned && !sample.items.every((item) => String(item.banned) === banned))
      throw new Error(`${testCase.label}: another banned state`)
    totals.set(testCase.key, sample.total)
  }
  const rounds = timed.map(() => [] as number[][])
  const loads: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(os.loadavg()[0]!)
    for (const [index, { path }] of timed.entries()) {
      for (let i = 0; i < WARM_UP; i++) await get(path)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now()
        await get(path)
        times.push(performance.now() - start)
      }
      rounds[index]!.push(times)
    }
    log(`round ${round + 1}/${ROUNDS} timed`)
  }
  const statsOf = (index: number) => roundStats(rounds[index]!)

  const results: CaseResult[] = []
  for (const [index, testCase] of cases.entries()) {
    const input: ListInput = { searchTerm: '', limit: 20, ...testCase.input }
    const plans = testCase.users ? [] : [{ query: 'list', text: await explain(sql, queries.listSql(input)) }]
    // The unfiltered first page reads the row counter in its own query (a scalar subquery).
    if (!testCase.users && testCase.firstPage && (input.searchTerm || input.genreId))
      plans.push({ query: 'count up to the cap (first page only)', text: await explain(sql, queries.countSql(input)) })
    const stats = statsOf(index)
    results.push({
      key: testCase.key,
      label: testCase.label,
      path: timed[index]!.path,
      total: totals.get(testCase.key) ?? null,
      stats,
      plans,
    })
    log(`${testCase.label}: median ${stats.median.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms`)
  }
  // What an exact count of the books costs (the list reads row_count instead).
  const exactCountPlan = await explain(sql, { sql: 'select count(*) from book', params: [] })
  return {
    rounds: ROUNDS,
    runs: RUNS,
    warmUp: WARM_UP,
    loads,
    cases: results,
    dashboard: statsOf(cases.length),
    exactCountPlan,
  }
}

/**
 * The user list's sorts and filters (issue 27) at TOTAL_USERS users: each
 * order both ways, a rare role and a rare ban (one in 1,000 and one in 500,
 * see fillUsers), a common role, a filter with a search.
 */
function userCases() {
  const users = TOTAL_USERS.toLocaleString('en')
  const user = (key: string, label: string, input: Record<string, string>) => ({
    key: `users-${key}`,
    label: `${users} users: ${label}`,
    input,
    firstPage: true,
    users: true,
  })
  return [
    user('name', 'by name', {}),
    user('name-desc', 'by name, descending', { order: 'desc' }),
    user('email', 'by e-mail', { sort: 'email' }),
    user('email-desc', 'by e-mail, descending', { sort: 'email', order: 'desc' }),
    user('admins', 'admins (rare) by e-mail', { role: 'admin', sort: 'email' }),
    user('role-user', 'role user (common), descending', { role: 'user', order: 'desc' }),
    user('banned', 'banned (rare) by name, descending', { banned: 'true', order: 'desc' }),
    user('active-admins', 'active admins', { banned: 'false', role: 'admin' }),
    user('search-role', `role user, search "${USER_TERM}" (early in the order)`, {
      role: 'user',
      searchTerm: USER_TERM,
    }),
  ]
}

/** The HTTP routes of the `load` and `soak` parts (BENCH_LOAD_ROUTES: some of their keys). */
function httpRoutes(cookie: string, secondPageCursor?: string) {
  const only = process.env.BENCH_LOAD_ROUTES?.split(',')
  const signedIn = { cookie }
  return [
    { key: 'login', label: 'GET `/login`, anonymous', path: '/login', headers: {} },
    {
      key: 'manager-books',
      label: 'GET `/manager/books` as admin (with its data)',
      path: '/manager/books',
      headers: signedIn,
    },
    {
      key: 'session-anonymous',
      label: 'GET `/api/auth/get-session`, anonymous',
      path: '/api/auth/get-session',
      headers: {},
    },
    { key: 'session', label: 'GET `/api/auth/get-session` as admin', path: '/api/auth/get-session', headers: signedIn },
    {
      key: 'books-api',
      label: 'GET `/api/rest/books` as admin (first page)',
      path: '/api/rest/books',
      headers: signedIn,
    },
    ...(secondPageCursor
      ? [
          {
            key: 'books-api-second',
            label: 'GET `/api/rest/books` as admin, second page (never kept: its SQL runs every time)',
            path: `/api/rest/books?cursor=${encodeURIComponent(secondPageCursor)}`,
            headers: signedIn,
          },
        ]
      : []),
  ].filter((route) => !only || only.includes(route.key.replace(/-second$/, '')))
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

/** Every load route at once for SOAK_SECONDS (one `wrk -t1` each, the connections shared out), RSS around it. */
async function soak(app: RunningApp, cookie: string): Promise<SoakReport> {
  const routes = httpRoutes(cookie)
  const each = Math.max(1, Math.floor(CONNECTIONS / routes.length))
  const pid = app.process.pid
  const before = rssMegabytes(pid)
  log(`soak: ${SOAK_SECONDS} s of ${routes.length} routes at once, ${each} connections each`)
  // The RSS once a minute: whether it still grows after the first minute's warm-up.
  const minutes: (number | undefined)[] = []
  const sampler = setInterval(() => minutes.push(rssMegabytes(pid)), 60_000)
  const results = await Promise.all(
    routes.map((route) =>
      runWrk(`${app.baseUrl}${route.path}`, {
        connections: each,
        threads: 1,
        seconds: SOAK_SECONDS,
        headers: route.headers,
      }),
    ),
  )
  clearInterval(sampler)
  const after = rssMegabytes(pid)
  await settle()
  const settled = rssMegabytes(pid)
  const sum = (key: 'requests' | 'non2xx' | 'errors') => results.reduce((total, result) => total + result[key], 0)
  log(
    `soak: ${sum('requests')} requests, RSS ${before?.toFixed(1)} → ${minutes.map((rss) => rss?.toFixed(1)).join(' → ')} → ${after?.toFixed(1)} → ${settled?.toFixed(1)} MB`,
  )
  return {
    seconds: SOAK_SECONDS,
    routes: routes.length,
    connectionsEach: each,
    requests: sum('requests'),
    failed: sum('non2xx') + sum('errors'),
    rss: { before, minutes, after, settled },
  }
}

/** With RATE_LIMIT=true, `get-session` under `wrk` (anonymous, then signed in): a browser's session check is never limited. */
async function rateLimitChecks(baseUrl: string, cookieFor: (email: string) => Promise<string>) {
  const cookie = await cookieFor(ADMIN_EMAIL)
  const checks: RateLimitCheck[] = []
  for (const [who, headers] of [
    ['anonymous', {}],
    ['as admin', { cookie }],
  ] as const) {
    const result = await runWrk(`${baseUrl}/api/auth/get-session`, {
      connections: CONNECTIONS,
      threads: 2,
      seconds: LOAD_SECONDS,
      headers,
    })
    log(`rate limit on, get-session ${who}: ${result.requests} requests, ${result.non2xx} non-2xx`)
    checks.push({ who, seconds: LOAD_SECONDS, requests: result.requests, non2xx: result.non2xx, errors: result.errors })
  }
  return checks
}

/** Each route under `wrk -t2 -c<CONNECTIONS>` and the list's SQL bare through `pg`, in interleaved rounds. */
async function loadRoutes(
  baseUrl: string,
  cookie: string,
  databaseUrl: string,
  pages: { first: SqlStatement[]; second: { cursor: string; sql: SqlStatement[] } },
): Promise<LoadReport> {
  const options = { connections: CONNECTIONS, threads: 2 }
  const routes: Array<{ key: string; label: string; run: (seconds: number) => Promise<LoadResult> }> = runs('load')
    ? httpRoutes(cookie, pages.second.cursor).map((route) => ({
        ...route,
        run: (seconds: number) => runWrk(`${baseUrl}${route.path}`, { ...options, seconds, headers: route.headers }),
      }))
    : []
  if (runs('sql'))
    routes.push({
      key: 'books-sql',
      label: 'the same first page, its SQL bare through `pg`',
      run: (seconds) => runBareSql(databaseUrl, pages.first, { ...options, seconds }),
    })
  if (runs('sql') && routes.some((route) => route.key === 'books-api-second'))
    routes.push({
      key: 'books-sql-second',
      label: 'the same second page, its SQL bare through `pg`',
      run: (seconds) => runBareSql(databaseUrl, pages.second.sql, { ...options, seconds }),
    })
  const results = new Map(routes.map((route) => [route.key, [] as LoadResult[]]))
  const loads: number[] = []
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    loads.push(os.loadavg()[0]!)
    for (const route of routes) {
      await route.run(LOAD_WARM_UP_SECONDS)
      const result = await route.run(LOAD_SECONDS)
      results.get(route.key)!.push(result)
      log(
        `load round ${round + 1}/${LOAD_ROUNDS}: ${route.key} ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
      )
    }
  }
  return {
    connections: CONNECTIONS,
    seconds: LOAD_SECONDS,
    rounds: LOAD_ROUNDS,
    loads,
    routes: routes.map((route) => ({ key: route.key, label: route.label, runs: results.get(route.key)! })),
  }
}

/** One answer's encoding, `Vary` and size, as a client accepting `acceptEncoding` gets it (raw bytes, not decoded). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding: string; vary: string; bytes: number; body: Buffer }>(
    (resolve, reject) => {
      const request = httpGet(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({
            status: response.statusCode ?? 0,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
            vary: String(response.headers.vary ?? ''),
            bytes: body.length,
            body,
          })
        })
        response.on('error', reject)
      })
      request.on('error', reject)
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`GET ${url}: timed out`)))
    },
  )
}

/** HTML, JSON, the largest JS and the CSS: what a brotli client, a gzip-only client and a client without compression get. */
async function compressionChecks(baseUrl: string, cookie: string): Promise<CompressionCheck[]> {
  const page = await rawGet(`${baseUrl}/login`, {})
  const html = page.body.toString('utf8')
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
  const scripts = assets.filter((asset) => asset.endsWith('.js'))
  const style = assets.find((asset) => asset.endsWith('.css'))
  let script: string | undefined
  let largest = -1
  for (const candidate of scripts) {
    const { bytes } = await rawGet(`${baseUrl}${candidate}`, {})
    if (bytes > largest) [script, largest] = [candidate, bytes]
  }
  const targets: Array<{ kind: string; path: string; headers: Record<string, string> }> = [
    { kind: 'HTML', path: '/login', headers: {} },
    { kind: 'JSON', path: '/api/rest/books', headers: { cookie } },
    ...(script ? [{ kind: 'JS', path: script, headers: {} }] : []),
    ...(style ? [{ kind: 'CSS', path: style, headers: {} }] : []),
  ]
  const checks: CompressionCheck[] = []
  for (const target of targets) {
    const url = `${baseUrl}${target.path}`
    const identity = await rawGet(url, { ...target.headers, 'accept-encoding': 'identity' })
    const brotli = await rawGet(url, { ...target.headers, 'accept-encoding': 'br, gzip' })
    const gzip = await rawGet(url, { ...target.headers, 'accept-encoding': 'gzip' })
    checks.push({
      kind: target.kind,
      path: target.path,
      identityBytes: identity.bytes,
      brotli: { encoding: brotli.encoding, bytes: brotli.bytes },
      gzip: { encoding: gzip.encoding, bytes: gzip.bytes },
      vary: brotli.vary,
    })
  }
  return checks
}

/** JS+CSS gzip of each budgeted route, loaded in Chromium (e2e/support/page-weight.ts), against budgets.json. */
async function pageWeights(baseUrl: string, cookieFor: (email: string) => Promise<string>): Promise<WeightResult[]> {
  const { chromium } = await import('@playwright/test')
  const { kb, readBudgets, WEIGHED_ROUTES, weighPage } = await import('../e2e/support/page-weight')
  const { chromiumLaunchOptions } = await import('../e2e/support/chromium')
  const browser = await chromium.launch(chromiumLaunchOptions)
  try {
    const budgets = readBudgets()
    const weights: WeightResult[] = []
    for (const route of WEIGHED_ROUTES) {
      const context = await browser.newContext({ baseURL: baseUrl })
      if (route.as) {
        const [name, value] = (await cookieFor(route.as)).split('=') as [string, string]
        await context.addCookies([{ name, value, url: baseUrl }])
      }
      const weight = await weighPage(await context.newPage(), route.path)
      await context.close()
      weights.push({
        path: route.path,
        kb: kb(weight.totalBytes),
        files: weight.files.length,
        budget: budgets[route.path],
      })
      log(`page weight ${route.path}: ${kb(weight.totalBytes)} KB in ${weight.files.length} files`)
    }
    return weights
  } finally {
    await browser.close()
  }
}

/**
 * The Lighthouse figures (issue 14 part 2) on this bench's server:
 * bench/lighthouse.ts's `measureLighthouse` (mobile and desktop, each budgeted
 * route, medians of LIGHTHOUSE_ROUNDS rounds), imported when the part runs.
 */
async function lighthouseScores(
  baseUrl: string,
  cookieFor: (email: string) => Promise<string>,
): Promise<LighthouseResult[]> {
  const { measureLighthouse } = await import('./lighthouse')
  const { WEIGHED_ROUTES } = await import('../e2e/support/page-weight')
  const cookies = new Map<string, string>()
  for (const route of WEIGHED_ROUTES) if (route.as) cookies.set(route.path, await cookieFor(route.as))
  const figures = await measureLighthouse({
    baseUrl,
    cookieFor: (route) => cookies.get(route),
    log: (line) => log(`lighthouse ${line}`),
  })
  return figures.map((figure) => ({
    path: figure.route,
    formFactor: figure.formFactor,
    score: figure.score,
    lcpMs: figure.lcpMs,
  }))
}

/**
 * What a person feels on a phone (bench/phone.ts), on this bench's server and,
 * when BENCH_START_UI_WEB_DIR is set, on start-ui-web started beside it (its
 * codes through the same SMTP catcher), rounds interleaved between the two.
 */
async function phoneFigures(
  baseUrl: string,
  cookieFor: (email: string) => Promise<string>,
  mail: Awaited<ReturnType<typeof startMailCatcher>>,
) {
  const { measurePhone } = await import('./phone')
  const sessions = async (signInAs: (email: string) => Promise<string>) => {
    const cookies = new Map([
      ['/app/books', await signInAs(USER_EMAIL)],
      ['/manager/books', await signInAs(ADMIN_EMAIL)],
    ])
    return (route: string) => cookies.get(route)
  }
  const apps: PhoneApp[] = [
    {
      name: 'this product',
      baseUrl,
      cookieFor: await sessions(cookieFor),
      login: PHONE_LOGIN,
      fieldFor: (route) =>
        route === '/login'
          ? { selector: PHONE_LOGIN.emailField, text: USER_EMAIL }
          : { selector: 'input[type="search"]', text: COMMON_TERM },
    },
  ]
  const dir = startUiWebDir()
  let theirs: RunningApp | undefined
  if (dir) {
    theirs = await startStartUiWeb(dir, mail.url)
    cleanups.push(() => theirs!.stop())
    log(`start-ui-web on ${theirs.baseUrl} (${dir})`)
    apps.push({
      name: 'start-ui-web',
      baseUrl: theirs.baseUrl,
      cookieFor: await sessions((email) => signIn(theirs!.baseUrl, email, (e) => mail.nextCode(e))),
      login: PHONE_LOGIN,
      // On a phone its /app/books has no search field and its /manager/books hides it (`max-md:hidden`).
      fieldFor: (route) => (route === '/login' ? { selector: PHONE_LOGIN.emailField, text: USER_EMAIL } : undefined),
    })
  } else {
    log('phone: BENCH_START_UI_WEB_DIR is not set: this product alone')
  }
  try {
    return await measurePhone(apps, { rounds: PHONE_ROUNDS, log: (line) => log(`phone ${line}`) })
  } finally {
    await theirs?.stop()
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a query as drizzle builds it (`$n` parameters bound). */
async function explain(client: pg.Client, query: { sql: string; params: unknown[] }) {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params)
  return rows.map((line) => line['QUERY PLAN']).join('\n')
}

function machine() {
  const cpus = os.cpus()
  let node = process.version
  try {
    node = execFileSync('node_modules/.bin/node', ['--version'], { encoding: 'utf8' }).trim()
  } catch {
    // the system Node's version then
  }
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${node}`
}

try {
  await main()
  log('done')
} catch (error) {
  console.error(`[bench] FAILED: ${(error as Error).stack ?? error}`)
  process.exitCode = 1
} finally {
  clearTimeout(overall)
  await cleanUp()
}
