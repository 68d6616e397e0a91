// The fuzzer's budget inside `npm test`: a few thousand seeded requests over every
// door as signed out, user and admin, on an app instance of its own (it creates,
// bans and deletes what it finds: the shared e2e database stays as the other specs
// expect it). `npm run fuzz` runs any number (e2e/support/fuzz/cli.ts).
import { expect, test } from './support/console'
import { type FuzzApp, fuzzSetup, startApp } from './support/fuzz/app'
import { formatReport, runFuzz } from './support/fuzz/fuzz'

const requests = Number(process.env.FUZZ_TEST_REQUESTS ?? 3000)
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

test.describe.configure({ timeout: 300_000 })

let app: FuzzApp | undefined
test.afterAll(async () => {
  await app?.stop()
})

test(`${requests} fuzzed requests: no answer ≥ 500, no stack trace, SQL or file path`, async () => {
  test.info().annotations.push({ type: 'seed', description: `FUZZ_SEED=${seed}` })
  app = await startApp()
  const { callers, ids } = await fuzzSetup(app)
  const report = await runFuzz({ baseURL: app.baseURL, requests, seed, callers, ids, concurrency: 4 })
  const table = formatReport(report)
  console.log(table)
  expect(app.exit(), 'the app kept running').toBeUndefined()
  expect(report.total).toBe(requests)
  expect(report.findings, `seed ${seed} (FUZZ_SEED=${seed} reproduces it)\n${table}`).toEqual([])
})
