// `npm run fuzz`: FUZZ_REQUESTS (default 10,000) seeded requests (FUZZ_SEED, random
// by default) against a production build of this checkout started on a free port
// with an in-memory database. Prints answers by route and status; exits 1 on any
// answer ≥ 500 or body showing a stack trace, SQL or a file path.
import { fuzzSetup, startApp } from './app'
import { formatReport, runFuzz } from './fuzz'

const requests = Number(process.env.FUZZ_REQUESTS ?? 10_000)
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 4)

const app = await startApp()
let failed: boolean
try {
  console.log(`Fuzzing ${app.baseURL}: ${requests} requests, seed ${seed}`)
  const { callers, ids } = await fuzzSetup(app)
  const report = await runFuzz({
    baseURL: app.baseURL,
    requests,
    seed,
    callers,
    ids,
    concurrency,
    onProgress: (done) => {
      if (done % 1000 === 0) console.log(`  ${done} / ${requests}`)
    },
  })
  console.log(formatReport(report))
  const exit = app.exit()
  if (exit) console.log(`\nThe app stopped during the run (${exit})`)
  failed = report.findings.length > 0 || !!exit
  if (failed) console.log(`\nFAILED with seed ${seed}: run again with FUZZ_SEED=${seed} FUZZ_REQUESTS=${requests}`)
} finally {
  await app.stop()
}
process.exit(failed ? 1 : 0)
