// The e2e 'app' behind a transaction pooler, as managed PostgreSQL runs it (issue 40):
// `node --import tsx e2e/support/pooled-app.ts`, a webServer of playwright.config.ts when E2E_DATABASE=pooler.
// Creates a fresh database on the server of TEST_DATABASE_URL, starts PgBouncer in
// pool_mode=transaction in front of it (src/test/pgbouncer.ts) and runs the production build with
// DATABASE_URL through the pooler and DATABASE_DIRECT_URL straight to the database. On SIGTERM or
// SIGINT (Playwright's graceful shutdown), or when the app exits, it stops the app and the pooler
// and drops the database. A webServer rather than a globalSetup: Playwright starts its webServers
// before globalSetup runs, and the app needs the URLs when it starts.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'

import { databaseUrl, dropDatabases, quoteDatabase, withClient } from '../../src/test/context'
import { type PgBouncer, startPgBouncer } from '../../src/test/pgbouncer'

const adminUrl = process.env.TEST_DATABASE_URL ?? ''
if (!adminUrl) throw new Error('E2E_DATABASE=pooler needs a PostgreSQL server: set TEST_DATABASE_URL')
// The port makes the name this suite's own: a run killed before its cleanup is swept by the next one
// on the same port, never another suite's database.
const prefix = `test_e2e_app_${process.env.PORT ?? 'app'}`
const name = `${prefix}_${randomBytes(4).toString('hex')}`
const directUrl = databaseUrl(adminUrl, name)

// What is running, for the cleanup: a signal may come before both are started.
const running: { bouncer?: PgBouncer; app?: ChildProcess } = {}
let stopping: Promise<void> | undefined

function stop(code: number) {
  stopping ??= (async () => {
    const { app, bouncer } = running
    if (app && app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve))
      app.kill('SIGTERM')
      await exited
    }
    await bouncer?.stop()
    await dropDatabases(adminUrl, name)
  })().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error('pooled-app: cleanup failed', error)
      process.exit(1)
    },
  )
}

process.on('SIGTERM', () => stop(0))
process.on('SIGINT', () => stop(0))

await dropDatabases(adminUrl, prefix)
await withClient(adminUrl, (client) => client.query(`create database ${quoteDatabase(name)}`))
try {
  // A few server connections, shared by every request, as a pooler in front of many instances leaves each.
  running.bouncer = await startPgBouncer(directUrl, { poolSize: 5 })
} catch (error) {
  await dropDatabases(adminUrl, name)
  throw error
}
running.app = spawn('node_modules/.bin/node', ['.output/server/index.mjs'], {
  env: { ...process.env, DATABASE_URL: running.bouncer.through(directUrl), DATABASE_DIRECT_URL: directUrl },
  stdio: 'inherit',
})
running.app.once('exit', (code, signal) => {
  if (!stopping) console.error(`pooled-app: the app exited (${code ?? signal})`)
  stop(code ?? 1)
})
