import type { LoadResult } from './load'
import type { MixedReport } from './mixed'
import type { LoginEntry, PhoneAppReport, PhoneReport } from './phone'
import { type LatencyStats, median } from './stats'

export const REPORT_FILE = 'docs/performance.md'
const START = '<!-- bench:start (written by `npm run bench`; edit outside these markers) -->'
const END = '<!-- bench:end -->'
/** The mixed run's own section, so that `BENCH_ONLY=mixed` leaves the other figures alone. */
const MIXED_START = '<!-- bench:mixed:start (written by `npm run bench`, part `mixed`; edit outside these markers) -->'
const MIXED_END = '<!-- bench:mixed:end -->'

export interface CaseResult {
  key: string
  label: string
  path: string
  total: number | null
  stats: LatencyStats
  plans: Array<{ query: string; text: string }>
}

export interface MillionReport {
  rounds: number
  runs: number
  warmUp: number
  /** 1-minute load average at the start of each round. */
  loads: number[]
  cases: CaseResult[]
  dashboard: LatencyStats
  exactCountPlan: string
}

export interface LoadReport {
  connections: number
  seconds: number
  rounds: number
  /** 1-minute load average at the start of each round. */
  loads: number[]
  routes: Array<{ key: string; label: string; runs: LoadResult[] }>
}

export interface CompressionCheck {
  kind: string
  path: string
  identityBytes: number
  brotli: { encoding: string; bytes: number }
  gzip: { encoding: string; bytes: number }
  vary: string
}

export interface WeightResult {
  path: string
  kb: number
  files: number
  budget: number
}

/** What bench/lighthouse.ts's `measureLighthouse` measured (one per route and form factor). */
export interface LighthouseResult {
  path: string
  formFactor: 'mobile' | 'desktop'
  /** 0–1. */
  score: number
  /** Largest Contentful Paint, milliseconds. */
  lcpMs?: number
}

/** Every load route at once for `seconds`, and the server's RSS (MB) before, once a minute, at the end and 5 s later. */
export interface SoakReport {
  seconds: number
  routes: number
  connectionsEach: number
  requests: number
  /** Answers not 2xx/3xx, and socket errors. */
  failed: number
  rss: { before?: number; minutes: (number | undefined)[]; after?: number; settled?: number }
}

/** `GET /api/auth/get-session` under load with RATE_LIMIT=true. */
export interface RateLimitCheck {
  who: string
  seconds: number
  requests: number
  non2xx: number
  errors: number
}

export interface Report {
  date: string
  machine: string
  postgres: string
  books: number
  loadAverage: { start: string; end: string }
  rss: { idle?: number; afterLoad?: number; runtimeFloor?: number }
  seconds: number
  skipped: string[]
  million?: MillionReport
  load?: LoadReport
  compression?: CompressionCheck[]
  weights?: WeightResult[]
  lighthouse?: LighthouseResult[]
  soak?: SoakReport
  rateLimit?: RateLimitCheck[]
  phone?: PhoneReport
}

const ms = (value: number) => value.toFixed(1)
const spread = (stats: LatencyStats) => `${ms(stats.roundMedians[0])}–${ms(stats.roundMedians[1])}`
const int = (value: number) => Math.round(value).toLocaleString('en')
const kbOf = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const met = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? 'met' : '**not met**')
const range = (values: number[], format: (value: number) => string) =>
  values.length > 1 ? `${format(Math.min(...values))}–${format(Math.max(...values))}` : ''

/** Targets of issue 14 for the load routes: req/s at least, p99 below (ms). */
const LOAD_TARGETS: Record<string, { rps?: number; p99?: number }> = {
  login: { rps: 1700 },
  'manager-books': { rps: 700, p99: 100 },
  'session-anonymous': { rps: 1700 },
  session: { rps: 850 },
  'books-api': { rps: 1260, p99: 100 },
}
const WEIGHT_TARGETS: Record<string, number> = { '/login': 150, '/app/books': 200, '/manager/books': 220 }
/** start-ui-web's RSS before any request (the issue's figure, 56 MiB again on 2026-11-26). */
const RSS_IDLE_TARGET_MB = 57
/** Half of start-ui-web's RSS after the same load (520.9 MiB, median of 3 rounds on 2026-11-26: docs/performance.md). */
const RSS_AFTER_LOAD_TARGET_MB = 260
/** After the first minute of the soak, the RSS may not grow by more than this. */
const SOAK_GROWTH_TOLERANCE = 1.1
const MILLION_P95_TARGET_MS = 50
const MILLION_CASES = new Set([
  'first',
  'page51',
  'middle',
  'common',
  'rare',
  // The sorts and filters of issue 27 point 9.
  'title-desc',
  'author',
  'author-desc-middle',
  'genre',
  'genre-author-desc',
  'genre-common',
  'users-name',
  'users-name-desc',
  'users-email',
  'users-email-desc',
  'users-admins',
  'users-role-user',
  'users-banned',
  'users-active-admins',
  'users-search-role',
])

interface Row {
  part: string
  measure: string
  figure: string
  p50?: string
  p99?: string
  rounds?: string
  target?: string
  met?: boolean
}

/** The medians of a route's load rounds. */
function loadMedians(runs: LoadResult[]) {
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    failed: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  }
}

function summaryRows(report: Report): Row[] {
  const rows: Row[] = []
  for (const weight of report.weights ?? []) {
    const target = WEIGHT_TARGETS[weight.path]
    rows.push({
      part: '1',
      measure: `JS+CSS gzip loaded by \`${weight.path}\` (Chromium)`,
      figure: `${weight.kb.toFixed(1)} KB, ${weight.files} files`,
      target: target ? `≤ ${target} KB (budgets.json: ${weight.budget})` : `budgets.json: ${weight.budget} KB`,
      met: target ? weight.kb <= target : undefined,
    })
  }
  for (const score of report.lighthouse ?? []) {
    const mobile = score.formFactor === 'mobile'
    rows.push({
      part: '2',
      measure: `Lighthouse ${score.formFactor}, \`${score.path}\`: score${score.lcpMs !== undefined ? ' / LCP' : ''}`,
      figure: `${score.score.toFixed(2)}${score.lcpMs !== undefined ? ` / ${(score.lcpMs / 1000).toFixed(1)} s` : ''}`,
      target: mobile ? '≥ 0.95, LCP ≤ 2.5 s' : '≥ 0.99',
      met: mobile ? score.score >= 0.95 && (score.lcpMs === undefined || score.lcpMs <= 2500) : score.score >= 0.99,
    })
  }
  if (report.load) {
    const { load } = report
    for (const route of load.routes) {
      const figures = loadMedians(route.runs)
      const target = LOAD_TARGETS[route.key]
      const targets = [
        target?.rps ? `≥ ${int(target.rps)} req/s` : '',
        target?.p99 ? `p99 < ${target.p99} ms` : '',
      ].filter(Boolean)
      rows.push({
        part: route.key.startsWith('books-sql')
          ? '5'
          : route.key.startsWith('session')
            ? '4'
            : route.key.startsWith('books-api')
              ? '5, 7'
              : route.key === 'manager-books'
                ? '3, 7'
                : '3',
        measure: `${route.label}, c${load.connections}${figures.failed ? ` (not 2xx/3xx or failed: ${int(figures.failed)})` : ''}`,
        figure: `${int(figures.rps)} req/s`,
        p50: ms(figures.p50),
        p99: ms(figures.p99),
        rounds: range(
          route.runs.map((run) => run.rps),
          int,
        ),
        target: targets.join(', ') || (route.key.startsWith('books-sql') ? 'the floor' : ''),
        met: target
          ? (!target.rps || figures.rps >= target.rps) && (!target.p99 || figures.p99 < target.p99) && !figures.failed
          : undefined,
      })
    }
    // The first page (the issue's measure; kept by the API until a write is announced) and the second (never kept).
    for (const page of ['first', 'second'] as const) {
      const suffix = page === 'first' ? '' : '-second'
      const api = load.routes.find((route) => route.key === `books-api${suffix}`)
      const bare = load.routes.find((route) => route.key === `books-sql${suffix}`)
      if (!api || !bare) continue
      const ratio = loadMedians(bare.runs).rps / loadMedians(api.runs).rps
      rows.push({
        part: '5',
        measure: `book list ${page} page: bare SQL req/s ÷ API req/s${page === 'second' ? ' (never kept: the API’s own cost over its SQL)' : ''}`,
        figure: ratio.toFixed(2),
        target: page === 'first' ? '≤ 2' : '',
        met: page === 'first' ? ratio <= 2 : undefined,
      })
    }
  }
  if (report.rss.idle !== undefined)
    rows.push({
      part: '8',
      measure:
        'server RSS, idle (after start and one sign-in; start-ui-web: 161 MB so, before any request 57 MB on Node 22, 60 MB on Node 24: decision 028)',
      figure: `${int(report.rss.idle)} MB`,
      target: `≤ ${RSS_IDLE_TARGET_MB} MB`,
      met: report.rss.idle <= RSS_IDLE_TARGET_MB,
    })
  if (report.rss.runtimeFloor !== undefined)
    rows.push({
      part: '8',
      measure:
        "the runtime's floor: Node 24 as `npm start` runs it, with `node:http` loaded and nothing else (Node 22, start-ui-web's runtime: 56 MB so)",
      figure: `${int(report.rss.runtimeFloor)} MB`,
      target: '',
      met: undefined,
    })
  if (report.rss.afterLoad !== undefined)
    rows.push({
      part: '8',
      measure: 'server RSS after the load above',
      figure: `${int(report.rss.afterLoad)} MB`,
      target: `≤ ${RSS_AFTER_LOAD_TARGET_MB} MB (half of start-ui-web's)`,
      met: report.rss.afterLoad <= RSS_AFTER_LOAD_TARGET_MB,
    })
  for (const check of report.rateLimit ?? [])
    rows.push({
      part: '4',
      measure: `RATE_LIMIT=true: GET \`/api/auth/get-session\` ${check.who}, ${check.seconds} s of wrk`,
      figure: `${int(check.requests)} requests, ${int(check.non2xx)} not 2xx/3xx`,
      target: 'never limited (no 429)',
      met: check.non2xx === 0 && check.requests > 0,
    })
  if (report.soak) {
    const { soak } = report
    const mb = (value: number | undefined) => (value === undefined ? '?' : `${int(value)} MB`)
    const [firstMinute] = soak.rss.minutes
    rows.push({
      part: '8',
      measure: `server RSS around ${soak.seconds} s of the ${soak.routes} load routes at once (${soak.routes} × wrk -t1 -c${soak.connectionsEach}, ${int(soak.requests)} requests${soak.failed ? `, not 2xx/3xx or failed: ${int(soak.failed)}` : ''}): before / each minute / at the end / 5 s later`,
      figure: [soak.rss.before, ...soak.rss.minutes, soak.rss.after, soak.rss.settled].map(mb).join(' / '),
      ...(firstMinute !== undefined && soak.rss.after !== undefined
        ? {
            target: `no growth after the first minute (≤ ${Math.round((SOAK_GROWTH_TOLERANCE - 1) * 100)} %)`,
            met: soak.rss.after <= firstMinute * SOAK_GROWTH_TOLERANCE,
          }
        : {}),
    })
  }
  if (report.million) {
    for (const testCase of report.million.cases) {
      const target = MILLION_CASES.has(testCase.key)
      rows.push({
        part: '6',
        measure: `${report.books.toLocaleString('en')} books, one request at a time: ${testCase.label}${testCase.total !== null ? ` (total ${testCase.total.toLocaleString('en')}${testCase.key === 'common' ? '+' : ''})` : ''}, p95`,
        figure: `${ms(testCase.stats.p95)} ms`,
        p50: ms(testCase.stats.median),
        rounds: spread(testCase.stats),
        target: target ? `p95 < ${MILLION_P95_TARGET_MS} ms` : '',
        met: target ? testCase.stats.p95 < MILLION_P95_TARGET_MS : undefined,
      })
    }
  }
  for (const check of report.compression ?? []) {
    const compressed = check.brotli.encoding === 'br' && check.gzip.encoding === 'gzip'
    rows.push({
      part: '7',
      measure: `compression of ${check.kind} (\`${check.path.replace(/\/assets\/.*/, '/assets/…')}\`)`,
      figure: `${check.brotli.encoding} ${kbOf(check.brotli.bytes)} / ${check.gzip.encoding} ${kbOf(check.gzip.bytes)} / none ${kbOf(check.identityBytes)}; Vary: ${check.vary || '—'}`,
      target: 'br, else gzip; Vary: Accept-Encoding',
      met: compressed && /accept-encoding/i.test(check.vary),
    })
  }
  if (report.phone) rows.push(...phoneRows(report.phone))
  // In the issue's order (a stable sort keeps each part's rows as they came).
  return rows.sort((a, b) => Number.parseInt(a.part) - Number.parseInt(b.part))
}

/** What the web's "good" thresholds allow: INP (web.dev) and TBT (Lighthouse's mobile scoring), milliseconds. */
const GOOD_INP_MS = 200
const GOOD_TBT_MS = 200

/** A phone figure of one app across the rounds: the median and the rounds' range (`NaN`s left out). */
function phoneFigure(values: Array<number | undefined>, format = (value: number) => String(Math.round(value))) {
  const known = values.filter((value): value is number => value !== undefined && Number.isFinite(value))
  return known.length ? { median: median(known), range: range(known, format) } : undefined
}

/** The figures of one app on the phone, by measure (also the rows of the side-by-side table). */
function phoneFigures(app: PhoneAppReport) {
  const routes = app.routes[0]?.map((run) => run.route) ?? []
  return {
    fieldVisible: phoneFigure(Object.values(app.login).flatMap((runs) => runs.map((run) => run.fieldVisibleMs))),
    login: Object.fromEntries(
      Object.entries(app.login).map(([entry, runs]) => [
        entry,
        {
          figure: phoneFigure(
            runs.map((run) => run.ms),
            (value) => (value / 1000).toFixed(2),
          ),
          lost: runs.map((run) => run.lost),
        },
      ]),
    ) as Record<LoginEntry, { figure: ReturnType<typeof phoneFigure>; lost: number[] }>,
    inp: routes.map((route) => ({
      route,
      interaction: app.routes.find((runs) => runs.length)?.find((run) => run.route === route)?.interaction ?? '',
      figure: phoneFigure(app.routes.map((runs) => runs.find((run) => run.route === route)?.inpMs)),
    })),
    tbt: routes.map((route) => ({
      route,
      figure: phoneFigure(app.lighthouse.map((runs) => runs.find((run) => run.route === route)?.tbtMs)),
      score: phoneFigure(app.lighthouse.map((runs) => runs.find((run) => run.route === route)?.score)),
    })),
  }
}

const LOGIN_ENTRY_LABELS: Record<LoginEntry, string> = {
  autofill: 'filled at once (autofill)',
  typed: 'typed at 10 keys/s',
}

const seconds = (value: number | undefined) => (value === undefined ? '–' : `${(value / 1000).toFixed(2)} s`)
const millis = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`)

/** Issue 25 part 4: the first working sign-in, INP and TBT on a phone, ours against start-ui-web's (when it ran). */
function phoneRows(phone: PhoneReport): Row[] {
  const [ours, theirs] = phone.apps.map(phoneFigures)
  if (!ours) return []
  const them = `${phone.apps[1]?.name}: `
  const rows: Row[] = []
  for (const [entry, login] of Object.entries(ours.login) as Array<[LoginEntry, (typeof ours.login)[LoginEntry]]>) {
    const other = theirs?.login[entry]
    rows.push({
      part: '25.4',
      measure: `phone: \`/login\` opened, \`user@user.com\` ${LOGIN_ENTRY_LABELS[entry]} + Enter the instant the field shows (again after each lost attempt), until the code field of \`/login/verify\` (lost attempts per round)`,
      figure: `${seconds(login.figure?.median)} (lost: ${login.lost.join(', ')})`,
      rounds: login.figure?.range && `${login.figure.range} s`,
      target: `nothing lost${other ? `; ${them}${seconds(other.figure?.median)} (lost: ${other.lost.join(', ')})` : ''}`,
      met: login.lost.every((lost) => lost === 0),
    })
  }
  for (const [index, inp] of ours.inp.entries()) {
    const other = theirs?.inp[index]
    rows.push({
      part: '25.4',
      measure: `phone: INP on \`${inp.route}\` (${inp.interaction} from the first paint)`,
      figure: millis(inp.figure?.median),
      rounds: inp.figure?.range,
      target: `≤ ${GOOD_INP_MS} ms${other ? `; ${them}${millis(other.figure?.median)} (${other.interaction})` : ''}`,
      met: inp.figure ? inp.figure.median <= GOOD_INP_MS : undefined,
    })
  }
  for (const [index, tbt] of ours.tbt.entries()) {
    const other = theirs?.tbt[index]
    rows.push({
      part: '25.4',
      measure: `Lighthouse mobile, \`${tbt.route}\`: Total Blocking Time (score)`,
      figure: `${millis(tbt.figure?.median)} (${tbt.score?.median.toFixed(2) ?? '–'})`,
      rounds: tbt.figure?.range,
      target: `≤ ${GOOD_TBT_MS} ms${other ? `; ${them}${millis(other.figure?.median)} (${other.score?.median.toFixed(2) ?? '–'})` : ''}`,
      met: tbt.figure ? tbt.figure.median <= GOOD_TBT_MS : undefined,
    })
  }
  return rows
}

/** The phone figures side by side, each with its rounds. */
function phoneSection(phone: PhoneReport): string[] {
  const apps = phone.apps.map((app) => ({ name: app.name, figures: phoneFigures(app) }))
  const cell = (figure: { median: number; range: string } | undefined, format: (value: number) => string) =>
    figure ? `${format(figure.median)}${figure.range ? ` (${figure.range})` : ''}` : '–'
  const ms = (value: number) => `${Math.round(value)} ms`
  const rowsOf = (label: string, pick: (figures: ReturnType<typeof phoneFigures>) => string) =>
    `| ${label} | ${apps.map((app) => pick(app.figures)).join(' | ')} |`
  const routes = apps[0]?.figures.inp.map((inp) => inp.route) ?? []
  return [
    '### What a person feels on a phone (issue 25, part 4)',
    '',
    `Debian's Chromium with the CPU slowed 4× and the network slowed to 1.6 Mbit/s down, 750 kbit/s up, 150 ms added to each request (DevTools protocol), a 412 × 823 touch screen, an empty cache at every visit (bench/phone.ts). ${phone.rounds} round${phone.rounds === 1 ? '' : 's'} going through every app in turn; each figure is the median of the rounds, their range in brackets; 1-minute load average at the rounds' start: ${phone.loads.map((load) => load.toFixed(1)).join(', ')}. "First working Enter": \`/login\` opened, the address filled in at once (as a phone's autofill does) or typed at 10 keys a second, and Enter pressed, from the instant the field is visible, again after every attempt that did not reach the verify page (a native submit that reloaded the login page, or an Enter that did nothing for 1 s); the time runs from navigation start to the verify page's code field. INP: the heading tapped the instant it shows, then the page's text field (if it shows one on a phone) typed into at 10 keys a second; Event Timing entries reduced as web-vitals does. TBT and score: Lighthouse's mobile run (its own simulated phone).`,
    '',
    `| measure | ${apps.map((app) => app.name).join(' | ')} |`,
    `|---|${apps.map(() => '---:').join('|')}|`,
    rowsOf('`/login`: e-mail field visible', (figures) => cell(figures.fieldVisible, ms)),
    ...(Object.keys(LOGIN_ENTRY_LABELS) as LoginEntry[]).flatMap((entry) => [
      rowsOf(`\`/login\`: address ${LOGIN_ENTRY_LABELS[entry]}, first working Enter, to the code field`, (figures) =>
        cell(figures.login[entry].figure, (value) => seconds(value)).replace(/\)$/, ' s)'),
      ),
      rowsOf(`\`/login\`: address ${LOGIN_ENTRY_LABELS[entry]}, attempts lost each round`, (figures) =>
        figures.login[entry].lost.join(', '),
      ),
    ]),
    ...routes.flatMap((route, index) => [
      rowsOf(
        `INP \`${route}\``,
        (figures) =>
          `${cell(figures.inp[index]?.figure, ms)}${figures.inp[index]?.interaction ? `; ${figures.inp[index]!.interaction}` : ''}`,
      ),
      rowsOf(`TBT \`${route}\` (Lighthouse mobile score)`, (figures) => {
        const tbt = figures.tbt[index]
        return `${cell(tbt?.figure, ms)}${tbt?.score ? `; ${tbt.score.median.toFixed(2)}` : ''}`
      }),
    ]),
    '',
  ]
}

/** The benchmark's section of docs/performance.md: one table of every figure, then the details. */
export function markdownReport(report: Report): string {
  const summary = summaryRows(report).map(
    (row) =>
      `| ${row.part} | ${row.measure} | ${row.figure} | ${row.p50 ?? ''} | ${row.p99 ?? ''} | ${row.rounds ?? ''} | ${row.target ?? ''} | ${met(row.met)} |`,
  )
  const lines = [
    START,
    `Run of ${report.date.slice(0, 10)} (${report.date}), ${report.seconds} s in all. Machine: ${report.machine}; PostgreSQL ${report.postgres}. Load average (1 / 5 / 15 min) ${report.loadAverage.start} at the start, ${report.loadAverage.end} at the end${report.skipped.length ? `. Parts skipped (BENCH_SKIP): ${report.skipped.join(', ')}` : ''}.`,
    '',
    '| part | measure | figure | p50 ms | p99 ms | rounds | target | |',
    '|---|---|---:|---:|---:|---:|---|---|',
    ...summary,
    '',
  ]
  if (report.load)
    lines.push(
      `Load: \`wrk -t2 -c${report.load.connections} -d${report.load.seconds}s\` after a 2 s warm-up, on the same ${report.books.toLocaleString('en')}-book database, without \`Accept-Encoding\` (uncompressed answers, as the issue's figures); ${report.load.rounds} rounds going through every route in turn, "figure" and the percentiles are the medians of the rounds, "rounds" the lowest and highest req/s of a round; 1-minute load average at the rounds' start: ${report.load.loads.map((load) => load.toFixed(1)).join(', ')}. The bare SQL is the first page's query as the app builds it (\`listBooksQuery\`: the page with the row counter) run by ${report.load.connections} clients of a \`pg\` Pool in the bench's process, as a named statement (prepared once per connection, as the app runs it).`,
      '',
    )
  if (report.phone) lines.push(...phoneSection(report.phone))
  if (report.million) lines.push(...millionSection(report, report.million))
  lines.push(END)
  return lines.join('\n')
}

function millionSection(report: Report, million: MillionReport): string[] {
  const first = million.cases.find((c) => c.key === 'first')!
  const rows = million.cases.map(
    (c) =>
      `| ${c.label} | \`${c.path.replace(/cursor=[^&]+/, 'cursor=…')}\` | ${c.total?.toLocaleString('en') ?? '—'} | ${ms(c.stats.median)} | ${spread(c.stats)} | ${ms(c.stats.p95)} | ${(c.stats.median / first.stats.median).toFixed(2)} |`,
  )
  const plans = million.cases.flatMap((c) =>
    c.plans.map((plan) => `**${c.label}: ${plan.query}**\n\n\`\`\`\n${plan.text}\n\`\`\``),
  )
  const exactMs = /Execution Time: ([\d.]+) ms/.exec(million.exactCountPlan)?.[1]
  return [
    `### ${report.books.toLocaleString('en')} books, one request at a time`,
    '',
    `Latency in milliseconds as the client sees it (HTTP, session check, SQL, JSON), sequential requests: ${million.rounds} rounds through every case, each of ${million.warmUp} warm-up and ${million.runs} timed requests; "median" is the median of the rounds' medians (their range beside it), "p95" the 95th percentile of all ${million.rounds * million.runs} runs; 1-minute load average at the rounds' start: ${million.loads.map((load) => load.toFixed(1)).join(', ')}. A first page includes the total (the row counter, or a search's matches counted up to 1,001); later pages do not.`,
    '',
    '| case | request | total | median | round medians | p95 | median ÷ first page |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    `| dashboard figures | \`/api/rest/dashboard\` | — | ${ms(million.dashboard.median)} | ${spread(million.dashboard)} | ${ms(million.dashboard.p95)} | — |`,
    '',
    `An exact \`select count(*) from book\` on this database: ${exactMs ?? '?'} ms of execution (plan below).`,
    '',
    '<details><summary>Query plans: EXPLAIN (ANALYZE, BUFFERS) of the SQL the app builds (listBooksQuery, countBooksQuery)</summary>',
    '',
    ...plans.flatMap((plan) => [plan, '']),
    `**exact count of the books**\n\n\`\`\`\n${million.exactCountPlan}\n\`\`\``,
    '',
    '</details>',
  ]
}

/** `existing` with its benchmark section replaced (or appended). */
export function replaceReport(existing: string, section: string): string {
  return replaceBetween(existing, section, START, END)
}

/** `existing` with its mixed-run section replaced (else put after the benchmark's section, or appended). */
export function replaceMixedReport(existing: string, section: string): string {
  if (!existing.includes(MIXED_START) && existing.includes(END)) {
    const at = existing.indexOf(END) + END.length
    return `${existing.slice(0, at)}\n\n${section}${existing.slice(at)}`
  }
  return replaceBetween(existing, section, MIXED_START, MIXED_END)
}

function replaceBetween(existing: string, section: string, startMarker: string, endMarker: string) {
  const start = existing.indexOf(startMarker)
  const end = existing.indexOf(endMarker)
  if (start >= 0 && end > start) return existing.slice(0, start) + section + existing.slice(end + endMarker.length)
  return `${existing.trimEnd()}${existing ? '\n\n' : '# Performance\n\n'}${section}\n`
}

/** The goal of issue 26 part 4 at a million books: this product's req/s at least this many times start-ui-web's… */
const MIXED_RATIO_TARGET = 5
/** …at a p99 below this (ms). */
const MIXED_P99_TARGET_MS = 100

/** Latencies by kind of request, each app beside the other: the count over the rounds, p50 and p99 the medians of the rounds'. */
function mixedKinds(mixed: MixedReport): string[] {
  const apps = [...new Set(mixed.apps.map((app) => app.app))]
  const lines = mixed.apps
    .filter((app) => app.app === apps[0])
    .flatMap((first) => {
      const kinds = [...new Set(first.runs.flatMap((run) => Object.keys(run.kinds)))].sort()
      return kinds.map((kind) => {
        const cells = apps.map((name) => {
          const runs = mixed.apps.find((app) => app.app === name && app.books === first.books)?.runs ?? []
          const figures = runs.flatMap((run) => (run.kinds[kind] ? [run.kinds[kind]] : []))
          if (!figures.length) return '–'
          const count = figures.reduce((sum, figure) => sum + figure.count, 0)
          return `${int(count)}: ${ms(median(figures.map((f) => f.p50)))} / ${ms(median(figures.map((f) => f.p99)))}`
        })
        return `| ${first.books.toLocaleString('en')} | ${kind} | ${cells.join(' | ')} |`
      })
    })
  if (!lines.length) return []
  return [
    'By kind of request (requests over the rounds: p50 / p99 ms, medians of the rounds):',
    '',
    `| books | request | ${apps.join(' | ')} |`,
    `|---:|---|${apps.map(() => '---:').join('|')}|`,
    ...lines,
    '',
  ]
}

/** Issue 41's goals ("done when", at 100,000 books): the workload's share of its floor… */
const FLOOR_SHARE_TARGET = 0.8
/** …the session reads and unfiltered first pages answered from memory… */
const SESSION_HITS_TARGET = 0.9
const FIRST_PAGE_HITS_TARGET = 0.8
/** …`/login` for a browser against start-ui-web's, and the signed-in page against the API on the same searches. */
const LOGIN_RATIO_TARGET = 5
const PAGE_API_TARGET = 0.8

type MixedApp = MixedReport['apps'][number]

/** Where the workload's requests spent the machine's CPU (medians of the rounds), beside PostgreSQL's in the floor. */
function cpuMedians(app: MixedApp): string | undefined {
  const rounds = app.cpu ?? []
  if (!rounds.length) return undefined
  const of = (values: number[]) => (values.length ? median(values).toFixed(2) : '–')
  const floor = rounds.flatMap((round) => (round.floorPostgres === undefined ? [] : [round.floorPostgres]))
  return `${of(rounds.map((round) => round.client))} · ${of(rounds.map((round) => round.server))} · ${of(rounds.map((round) => round.postgres))}${floor.length ? ` (${of(floor)})` : ''}`
}
const percent = (share: number) => `${Math.round(share * 100)} %`

/** The median share of lookups answered from memory over the rounds, and the lookups in all. */
function keptShare(app: MixedApp, key: 'sessions' | 'firstPages') {
  const rounds = (app.kept ?? []).flatMap((round) => (round[key] ? [round[key]] : []))
  if (!rounds.length) return undefined
  return {
    share: median(rounds.map((round) => round.hits / round.lookups)),
    lookups: rounds.reduce((sum, round) => sum + round.lookups, 0),
  }
}

/**
 * Issue 41 part 5: this product's direct run and start-ui-web at each size,
 * the real workload beside its floor, the kept reads' hit rates, `/login` as
 * a browser asks for it and the book list page with a random search beside
 * the API on the same searches (medians of the interleaved rounds), then
 * ours ÷ theirs with the issue's goals.
 */
export function nearFloorMarkdown(mixed: MixedReport): string[] {
  const rows = mixed.apps.filter((app) => app.login)
  if (!rows.length) return []
  const rate = (runs: LoadResult[] | undefined) => (runs?.length ? median(runs.map((run) => run.rps)) : undefined)
  const cell = (value: number | undefined, format = (v: number) => (v < 10 ? v.toFixed(1) : int(v))) =>
    value === undefined || Number.isNaN(value) ? '–' : format(value)
  const figures = (app: MixedApp) => {
    const workload = rate(app.runs)
    const floor = app.floor?.length ? median(app.floor) : undefined
    const pages = rate(app.pages)
    const searches = rate(app.searches)
    return {
      workload,
      floor,
      floorShare: workload !== undefined && floor ? workload / floor : undefined,
      sessions: keptShare(app, 'sessions'),
      firstPages: keptShare(app, 'firstPages'),
      login: rate(app.login),
      pages,
      searches,
      pageShare: pages !== undefined && searches ? pages / searches : undefined,
      cpu: cpuMedians(app),
    }
  }
  const kept = (value: ReturnType<typeof keptShare>) =>
    value ? `${percent(value.share)} of ${int(value.lookups)}` : '–'
  const lines = [...new Set(rows.map((app) => app.books))].flatMap((books) => {
    const atSize = rows.filter((app) => app.books === books)
    const theirs = atSize.find((app) => app.app === 'start-ui-web')
    const ours = atSize.find((app) => app !== theirs)
    const line = (app: MixedApp) => {
      const f = figures(app)
      return `| ${books.toLocaleString('en')} | ${app.app} | ${cell(f.workload)} | ${cell(f.floor)} | ${cell(f.floorShare, (v) => v.toFixed(2))} | ${f.cpu ?? '–'} | ${kept(f.sessions)} | ${kept(f.firstPages)} | ${cell(f.login)} | ${cell(f.pages)} | ${cell(f.searches)} | ${cell(f.pageShare, (v) => v.toFixed(2))} |`
    }
    const out = [ours, theirs].flatMap((app) => (app ? [line(app)] : []))
    if (ours) {
      const [a, b] = [figures(ours), theirs ? figures(theirs) : undefined]
      const ratio = (x: number | undefined, y: number | undefined) =>
        x !== undefined && y ? `${(x / y).toFixed(1)}×` : '–'
      const goal = (value: number | undefined, target: number, text: string) =>
        value === undefined ? `${text}` : `${text}: ${met(value >= target)}`
      out.push(
        `| ${books.toLocaleString('en')} | ${theirs ? `${ours.app} ÷ start-ui-web` : 'goals'} | ${ratio(a.workload, b?.workload)} | | ${goal(a.floorShare, FLOOR_SHARE_TARGET, `≥ ${FLOOR_SHARE_TARGET}`)} | | ${goal(a.sessions?.share, SESSION_HITS_TARGET, `≥ ${percent(SESSION_HITS_TARGET)}`)} | ${goal(a.firstPages?.share, FIRST_PAGE_HITS_TARGET, `≥ ${percent(FIRST_PAGE_HITS_TARGET)}`)} | ${ratio(a.login, b?.login)}${a.login !== undefined && b?.login ? ` (≥ ${LOGIN_RATIO_TARGET}×: ${met(a.login / b.login >= LOGIN_RATIO_TARGET)})` : ''} | ${ratio(a.pages, b?.pages)} | ${ratio(a.searches, b?.searches)} | ${goal(a.pageShare, PAGE_API_TARGET, `≥ ${PAGE_API_TARGET}`)} |`,
      )
    }
    return out
  })
  const floors = (mixed.floors ?? [])
    .map(
      (floor) =>
        `${floor.books.toLocaleString('en')} books: ${int(floor.requests)} requests sent ${int(floor.units)} units of SQL, ${int(floor.replayed)} of them replayed${floor.leftOut ? ` (${int(floor.leftOut)} left out: not runnable as logged)` : ''}`,
    )
    .join('; ')
  return [
    '#### Near the floor (issue 41, part 5)',
    '',
    `The same rounds, each measure going through the apps in turn after \`VACUUM (ANALYZE)\` of its database and a warm-up (${mixed.connections} connections, ${mixed.seconds} s; medians of the rounds). **Real workload**: the mixed run above (req/s), its load from an undici \`Pool\` in the bench's own process on the same cores (the floor's client is \`pgbench\`). **CPU per request**: the workload's client (this process), server (its threads) and PostgreSQL (all its processes) ÷ the requests answered; in brackets, PostgreSQL's in the floor. **Floor**: the SQL this product sent during a sample of that workload, taken from PostgreSQL's log (\`log_statement = all\` on the bench's database, a second server of this product running the sample), each backend's statements grouped into units (a statement, or a transaction; what writes ends in ROLLBACK; the job queue's own \`BEGIN; …; COMMIT;\` upkeep left out), every unit (a random sample of them past 8,000) replayed by \`pgbench\`, one drawn at random per transaction, with ${mixed.connections} clients; its transactions per second × the sample's requests ÷ its units is the floor in requests per second, and **÷ floor** the workload's share of it${floors ? ` (${floors})` : ''}. **From memory**: the share of the kept reads' lookups during the measured workload that sent no query: a hit, or a lookup that waited for the same read already in flight (\`start_books_fast_path_total\` of /api/metrics before and after; the session read, the unfiltered first page of books). **\`/login\`**: \`wrk -t2\` (without wrk, the bench's own client) anonymous with \`Accept-Encoding: ${'gzip, deflate, br'}\`. **Page views/s**: the administrators open \`/manager/books?searchTerm=<random term>\` as a browser asks for it (start-ui-web: its shell, which has no data, then its \`/api/rest/books?searchTerm=\`, one view); **search API**: \`/api/rest/books?searchTerm=<random term>\` alone, the same terms; **page ÷ API**: what the page costs beyond its data.`,
    '',
    '| books | app | real workload req/s | floor req/s | ÷ floor | CPU ms per request: client · server · PostgreSQL (floor: PostgreSQL) | session reads from memory | first pages from memory | `/login` req/s | page views/s | search API req/s | page ÷ API |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
    '',
  ]
}

/** The mixed run beside start-ui-web: one row per app and catalogue size (medians of the rounds), then the ratios. */
export function mixedMarkdown(
  mixed: MixedReport,
  run: { date: string; machine: string; postgres: string; loadAverage: { start: string; end: string } },
): string {
  const sizes = [...new Set(mixed.apps.map((app) => app.books))]
  const rate = (value: number) => (value < 10 ? value.toFixed(1) : int(value))
  const rows = mixed.apps.map((app) => {
    const figures = loadMedians(app.runs)
    const reads = app.runs.reduce((sum, r) => sum + r.reads, 0)
    const writes = app.runs.reduce((sum, r) => sum + r.writes, 0)
    return {
      ...app,
      figures,
      line: `| ${app.books.toLocaleString('en')} | ${app.app} | ${rate(figures.rps)} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${range(
        app.runs.map((r) => r.rps),
        rate,
      )} | ${int(reads)} / ${int(writes)} | ${int(figures.failed)} |`,
    }
  })
  const bySize = sizes.flatMap((books) => {
    const atSize = rows.filter((row) => row.books === books)
    const theirs = atSize.find((row) => row.app === 'start-ui-web')
    const [ours, ...shapes] = atSize.filter((row) => row !== theirs)
    if (!ours) return []
    if (!theirs) return [ours.line, ...shapes.map((row) => row.line)]
    const ratio = ours.figures.rps / theirs.figures.rps
    const goal = books >= 1_000_000
    const ok = ratio >= MIXED_RATIO_TARGET && ours.figures.p99 < MIXED_P99_TARGET_MS && !ours.figures.failed
    return [
      ours.line,
      ...shapes.map((row) => row.line),
      theirs.line,
      `| ${books.toLocaleString('en')} | ${ours.app} ÷ ${theirs.app} | ${ratio.toFixed(1)}× | | | | | ${goal ? `goal ≥ ${MIXED_RATIO_TARGET}× at p99 < ${MIXED_P99_TARGET_MS} ms: ${met(ok)}` : ''} |`,
    ]
  })
  return [
    MIXED_START,
    '### The real workload: a mixed run beside start-ui-web (issue 26, part 4)',
    '',
    `Run of ${run.date.slice(0, 10)} (${run.date}). Machine: ${run.machine}; PostgreSQL ${run.postgres}. Load average (1 / 5 / 15 min) ${run.loadAverage.start} at the start, ${run.loadAverage.end} at the end${Number.parseFloat(run.loadAverage.start) > 2 ? ' (a loaded machine: other work ran beside the bench, so the absolute figures are low; the ratio between the two apps, measured in interleaved rounds, is the figure to read)' : ''}.`,
    '',
    `${mixed.people} distinct signed-in people per app (${mixed.admins} administrators), inserted with their sessions into each app's database, their cookies signed as better-auth signs them; ${mixed.connections} keep-alive connections in closed loops (bench/mixed.ts, in the bench's process), each request from a person not mid-request: a page of the book list (administrators: the user list a quarter of the time) through each app's REST API, with no search term (30 %) or a word of the generated titles and authors, the next page by the cursor of the page before (60 % when there is one), and 5 % writes (an administrator creates a book or updates one just seen, a user renames themself). ${mixed.runInSeconds ? `Each app first runs the workload for ${mixed.runInSeconds} s (its JIT, PostgreSQL's caches and plans reach their steady state), then ` : ''}${mixed.rounds} round${mixed.rounds === 1 ? '' : 's'} of ${mixed.seconds} s, each after \`VACUUM (ANALYZE)\` of the app's database and a warm-up, going through the apps in turn (a round ends when every request in flight has its answer, so a slow app's round lasts longer; req/s counts the answers over that whole time); req/s and the percentiles are the medians of the rounds, "rounds" the lowest and highest req/s of a round; 1-minute load average at the rounds' start: ${mixed.loads.map((load) => load.toFixed(1)).join(', ')}.`,
    '',
    ...(mixed.apps.some((app) => app.app.startsWith('this product, '))
      ? [
          'This product also runs through PgBouncer (Debian’s, transaction mode, a pool of 10, in front of the same server and database; DATABASE_DIRECT_URL straight to it) and with one streaming replica (DATABASE_REPLICA_URLS: a primary and its pg_basebackup replica of the bench’s own on this machine, fsync on and 128 MB of shared buffers, the same catalogue), as docs/deploy/past-one-machine.md sets them up.',
          '',
        ]
      : []),
    '| books | app | req/s | p50 ms | p99 ms | rounds | reads / writes | failed |',
    '|---:|---|---:|---:|---:|---:|---:|---|',
    ...bySize,
    '',
    ...mixedKinds(mixed),
    ...nearFloorMarkdown(mixed),
    MIXED_END,
  ].join('\n')
}
