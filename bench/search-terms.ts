/**
 * Every search term of the mixed run (the generated catalogue's words), one at a time,
 * on a filled database: the SQL of the search's first page and of its capped count as
 * the app builds them, `BENCH_TERM_RUNS` times each (5), the medians in ms, the slowest
 * first. A page sorted by the matches' position shows whether any plan depends on where
 * the matches sit in the sort order (docs/performance.md, decision 032).
 *
 *   BENCH_TERMS_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a filled database> npm run bench:terms
 */
import pg from 'pg'
import { runnerImport } from 'vite'

import { CATALOGUE_WORDS } from './database'
import { median } from './stats'

const url = process.env.BENCH_TERMS_DATABASE_URL
if (!url) throw new Error('BENCH_TERMS_DATABASE_URL: a database filled by the bench (bench/database.ts fillDatabase)')
const runs = Number(process.env.BENCH_TERM_RUNS ?? 5)
const { module: queries } = await runnerImport<typeof import('./queries')>('./bench/queries.ts', {
  configFile: false,
  resolve: { tsconfigPaths: true },
  logLevel: 'error',
})
const client = new pg.Client({ connectionString: url })
await client.connect()

async function timed(query: { sql: string; params: unknown[] }) {
  const started = performance.now()
  await client.query(query.sql, query.params)
  return performance.now() - started
}

const figures: Array<{ term: string; page: number; count: number }> = []
for (const word of CATALOGUE_WORDS) {
  const input = { searchTerm: word.toLowerCase(), limit: 20 }
  const page: number[] = []
  const count: number[] = []
  for (let run = 0; run < runs; run++) {
    page.push(await timed(queries.listSql(input)))
    count.push(await timed(queries.countSql(input)))
  }
  figures.push({ term: input.searchTerm, page: median(page), count: median(count) })
}
await client.end()

figures.sort((a, b) => b.page + b.count - (a.page + a.count))
const all = (pick: (figure: (typeof figures)[number]) => number) => median(figures.map(pick)).toFixed(1)
console.log(
  `${figures.length} terms, ${runs} runs each; median term: page ${all((f) => f.page)} ms, count ${all((f) => f.count)} ms`,
)
console.log('term\tpage ms\tcount ms')
for (const figure of figures) console.log(`${figure.term}\t${figure.page.toFixed(1)}\t${figure.count.toFixed(1)}`)
