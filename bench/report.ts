import type { LatencyStats } from './stats'

export const REPORT_FILE = 'docs/performance.md'
const START = '<!-- bench:start (written by `npm run bench`; edit outside these markers) -->'
const END = '<!-- bench:end -->'

export interface CaseResult {
  key: string
  label: string
  path: string
  total: number | null
  stats: LatencyStats
  plans: Array<{ query: string; text: string }>
}

export interface Report {
  date: string
  machine: string
  postgres: string
  books: number
  rounds: number
  runs: number
  warmUp: number
  cases: CaseResult[]
  dashboard: { stats: LatencyStats; exactCountPlan: string }
  seconds: number
}

const ms = (value: number) => value.toFixed(1)
const spread = (stats: LatencyStats) => `${ms(stats.roundMedians[0])}–${ms(stats.roundMedians[1])}`

/** The benchmark's section of docs/performance.md. */
export function markdownReport(report: Report): string {
  const first = report.cases.find((c) => c.key === 'first')!
  const rows = report.cases.map(
    (c) =>
      `| ${c.label} | \`${c.path.replace(/cursor=[^&]+/, 'cursor=…')}\` | ${c.total?.toLocaleString('en') ?? '—'} | ${ms(c.stats.median)} | ${spread(c.stats)} | ${ms(c.stats.p95)} | ${(c.stats.median / first.stats.median).toFixed(2)} |`,
  )
  const plans = report.cases.flatMap((c) =>
    c.plans.map((plan) => `**${c.label}: ${plan.query}**\n\n\`\`\`\n${plan.text}\n\`\`\``),
  )
  const exactMs = /Execution Time: ([\d.]+) ms/.exec(report.dashboard.exactCountPlan)?.[1]
  return [
    START,
    `Run of ${report.date.slice(0, 10)} (${report.date}), ${report.seconds} s in all. Machine: ${report.machine}; PostgreSQL ${report.postgres}.`,
    `${report.books.toLocaleString('en')} books. Latency in milliseconds as the client sees it (HTTP, session check, SQL, JSON), sequential requests: ${report.rounds} rounds through every case, each of ${report.warmUp} warm-up and ${report.runs} timed requests; "median" is the median of the rounds' medians (their range beside it), "p95" the 95th percentile of all ${report.rounds * report.runs} runs. A first page includes the total (a count); later pages do not.`,
    '',
    '| case | request | total | median | round medians | p95 | median ÷ first page |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
    `| dashboard figures | \`/api/rest/dashboard\` | — | ${ms(report.dashboard.stats.median)} | ${spread(report.dashboard.stats)} | ${ms(report.dashboard.stats.p95)} | — |`,
    '',
    `An exact \`select count(*) from book\` on this database: ${exactMs ?? '?'} ms of execution (plan below).`,
    '',
    '<details><summary>Query plans: EXPLAIN (ANALYZE, BUFFERS) of the SQL the app builds (listBooksQuery, countBooksQuery)</summary>',
    '',
    ...plans.flatMap((plan) => [plan, '']),
    `**exact count of the books**\n\n\`\`\`\n${report.dashboard.exactCountPlan}\n\`\`\``,
    '',
    '</details>',
    END,
  ].join('\n')
}

/** `existing` with its benchmark section replaced (or appended). */
export function replaceReport(existing: string, section: string): string {
  const start = existing.indexOf(START)
  const end = existing.indexOf(END)
  if (start >= 0 && end > start) return existing.slice(0, start) + section + existing.slice(end + END.length)
  return `${existing.trimEnd()}${existing ? '\n\n' : '# Performance\n\n'}${section}\n`
}
