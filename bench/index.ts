/**
 * `npm run bench`: the books list at a million rows, through the HTTP API.
 *
 * Creates a throwaway database `bench_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (an admin connection, default the local server), fills it
 * (database.ts), starts the production build against it, signs in as the
 * seeded admin by e-mail code (an SMTP catcher in this process), then times
 * GET /api/rest/books for a first page, later pages, and a common and a rare
 * search; EXPLAINs each query as the app builds it and fails when one reads
 * the book table without an index. Writes the figures and plans into
 * docs/performance.md. The database is dropped and the server stopped at the
 * end, on failure and on Ctrl+C too.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_BOOKS (1000000), BENCH_ROUNDS (3), BENCH_RUNS (20 a round),
 * BENCH_WRITE (set to 0 to leave docs/performance.md alone).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'

import pg from 'pg'
import { runnerImport } from 'vite'

import { ensureBuild, signIn, startApp, startMailCatcher } from './app'
import { createBenchDatabase, fillDatabase } from './database'
import { type CaseResult, markdownReport, replaceReport, type Report, REPORT_FILE } from './report'
import { roundStats } from './stats'

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TOTAL_BOOKS = Number(process.env.BENCH_BOOKS ?? 1_000_000)
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
const ADMIN_EMAIL = 'admin@admin.com'

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
}

interface Page {
  items: Array<{ id: string; title: string; author: string }>
  nextCursor: string | null
  total: number | null
}

async function main() {
  const started = Date.now()
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
  log(`created ${database.name}; seeding ${TOTAL_BOOKS.toLocaleString('en')} books`)
  await fillDatabase(database.url, TOTAL_BOOKS, log)

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

  async function get<T>(path: string): Promise<T> {
    const response = await fetch(`${app.baseUrl}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const listPath = (input: Partial<ListInput>) => {
    const query = new URLSearchParams()
    if (input.searchTerm) query.set('searchTerm', input.searchTerm)
    if (input.cursor) query.set('cursor', input.cursor)
    return `/api/rest/books${query.size ? `?${query}` : ''}`
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

  const cases: Array<{ key: string; label: string; input: Partial<ListInput>; firstPage: boolean }> = [
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
  ]

  // Each case checked once, then timed in ROUNDS rounds that go through every
  // case in turn, so a burst of load elsewhere on the machine hits one round
  // of every case rather than all runs of one case.
  const timed = [
    ...cases.map((c) => ({ label: c.label, path: listPath(c.input) })),
    { label: 'dashboard figures', path: '/api/rest/dashboard' },
  ]
  for (const testCase of cases) {
    const sample = await get<Page>(listPath(testCase.input))
    if (sample.items.length === 0) throw new Error(`${testCase.label}: no books`)
    if (testCase.firstPage !== (sample.total !== null))
      throw new Error(`${testCase.label}: total ${sample.total} on a ${testCase.firstPage ? 'first' : 'later'} page`)
    const term = testCase.input.searchTerm?.toLowerCase()
    if (term && !sample.items.every((item) => `${item.title} ${item.author}`.toLowerCase().includes(term))) {
      throw new Error(`${testCase.label}: a book does not match`)
    }
    totals.set(testCase.key, sample.total)
  }
  const rounds = timed.map(() => [] as number[][])
  for (let round = 0; round < ROUNDS; round++) {
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
    const plans = [{ query: 'list', text: await explain(sql, queries.listSql(input)) }]
    if (testCase.firstPage)
      plans.push({ query: 'count (first page only)', text: await explain(sql, queries.countSql(input)) })
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
  const dashboardStats = statsOf(cases.length)

  // What an exact count of the books costs (the dashboard estimates it instead).
  const exactCount = await explain(sql, { sql: 'select count(*) from book', params: [] })

  const report: Report = {
    date: new Date().toISOString(),
    machine: machine(),
    postgres: (await sql.query('show server_version')).rows[0].server_version as string,
    books: TOTAL_BOOKS,
    rounds: ROUNDS,
    runs: RUNS,
    warmUp: WARM_UP,
    cases: results,
    dashboard: { stats: dashboardStats, exactCountPlan: exactCount },
    seconds: Math.round((Date.now() - started) / 1000),
  }
  const markdown = markdownReport(report)
  console.log(`\n${markdown}`)

  // Every list query must read the book table through an index.
  const failures = results.flatMap((result) =>
    result.plans
      .filter(
        (plan) =>
          plan.query === 'list' &&
          (/Seq Scan on book\b/.test(plan.text) || !/Index (Only )?Scan|Bitmap Index Scan/.test(plan.text)),
      )
      .map(() => result.label),
  )
  if (process.env.BENCH_WRITE !== '0') {
    writeFileSync(
      REPORT_FILE,
      replaceReport(existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '', markdown),
    )
    log(`wrote ${REPORT_FILE}`)
  }
  // Below ~100,000 rows a sequential scan can rightly be the cheapest plan.
  if (failures.length && TOTAL_BOOKS >= PLAN_CHECK_MIN_BOOKS)
    throw new Error(`no index scan on book for: ${failures.join(', ')}`)
  if (failures.length) log(`not checked at ${TOTAL_BOOKS} books: no index scan on book for ${failures.join(', ')}`)
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
