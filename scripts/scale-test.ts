/**
 * `npm run test:scale`: past one machine, tested (docs/deploy/past-one-machine.md).
 *
 * A PostgreSQL primary of its own and a streaming replica made from it with
 * pg_basebackup (src/test/replica.ts), Debian's PgBouncer in transaction mode
 * in front of the primary (src/test/pgbouncer.ts), three production processes
 * (`.output`) behind Debian's nginx (docs/deploy/nginx.conf) with
 * DATABASE_URL through the pooler, DATABASE_DIRECT_URL to the primary and
 * DATABASE_REPLICA_URLS to the replica. Checks:
 *
 * - the bench's mixed workload (bench/mixed.ts: reads with searches, 5 %
 *   writes) through nginx: no failure;
 * - a ban on one instance refuses the person on the two others within 2 s;
 * - with replay paused on the replica: a new book is read back at once by its
 *   writer on every instance (the `start-books.written` cookie), while
 *   someone else's search there, served by the replica, does not find it yet;
 *   once the replica lags past DATABASE_REPLICA_MAX_LAG_SECONDS it is skipped
 *   and the primary answers everyone;
 * - /api/auth: a sign-in (it writes only a session, which no list its person
 *   reads shows) sets no read-your-writes cookie; a ban through
 *   /api/auth/admin/ban-user (it changes the user list) does, and its admin
 *   reads it back at once;
 * - a rolling restart of the three under the mixed workload fails no request.
 *
 * Needs: nginx and pgbouncer (`apt-get install nginx pgbouncer`, .ci/run does
 * it), PostgreSQL's server programs (initdb, pg_basebackup), the build.
 * Ports: SCALE_PORT (OPS_PORT + 10) to SCALE_PORT + 3; the rest are free ports.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { startMailCatcher } from '../bench/app'
import { CATALOGUE_WORDS, fillDatabase } from '../bench/database'
import { insertOurPeople, type MixedResult, type MixedTarget, ourRequests, runMixed } from '../bench/mixed'
import { searchTermsOf } from '../bench/mixed-plan'
import { PGBOUNCER, startPgBouncer } from '../src/test/pgbouncer'
import { POSTGRES_BIN, startReplicated } from '../src/test/replica'
import {
  type App,
  check,
  isReady,
  NGINX,
  reportResults,
  request,
  type RequestOptions,
  results,
  ROOT,
  setCookies,
  sleep,
  startNginx,
  startServer,
  stopAll,
  waitFor,
} from './ops-support'

const BASE_PORT = Number(process.env.SCALE_PORT ?? Number(process.env.OPS_PORT ?? 3420) + 10)
const NGINX_PORT = BASE_PORT
const APP_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3]
const BASE_URL = `http://127.0.0.1:${NGINX_PORT}`
const SECRET = 'scale-test-secret-scale-test-secret-0123'
const MAX_LAG_SECONDS = 3
const BOOKS = 2000
const PEOPLE = 24
const ADMINS = 6
const CONNECTIONS = 8
const WRITTEN_COOKIE = 'start-books.written'

const run = `${Date.now().toString(36)}${process.pid}`
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-scale-'))
fs.chmodSync(tmp, 0o755) // nginx's workers run as another user
const log = (line: string) => console.log(`     ${line}`)

interface Person {
  id: string
  email: string
  role: 'admin' | 'user'
  cookie: string
}

interface Cluster {
  replica: pg.Client
  caughtUp(): Promise<void>
  env: NodeJS.ProcessEnv
}

const send = (options: Omit<RequestOptions, 'origin' | 'port'> & { port?: number }) =>
  request({ port: NGINX_PORT, origin: BASE_URL, ...options })

/** The ids of a list's first page (`/api/rest/books?…`), as `who` reads it on `port`. */
async function listIds(port: number, path: string, cookie: string): Promise<string[]> {
  const answer = await send({ port, path, headers: { cookie } })
  if (answer.status !== 200) throw new Error(`${path} on ${port}: ${answer.status} ${answer.body.slice(0, 200)}`)
  return (JSON.parse(answer.body) as { items: { id: string }[] }).items.map((item) => item.id)
}

function appEnv(port: number, cluster: Cluster): NodeJS.ProcessEnv {
  return { ...cluster.env, PORT: String(port) }
}

const mixedTarget = (people: Person[]): MixedTarget => ({
  name: 'three instances',
  baseUrl: BASE_URL,
  people,
  toHttp: ourRequests,
})

const mixedSummary = (result: MixedResult) =>
  `${result.requests} requests (${result.reads} reads, ${result.writes} writes), ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms; ${result.non2xx} non-2xx, ${result.errors} errors${result.failures.length ? `: ${result.failures.join(' | ')}` : ''}`

// ---- Checks --------------------------------------------------------------------

async function checkMixed(people: Person[], terms: string[]) {
  const result = await runMixed(mixedTarget(people), { connections: CONNECTIONS, seconds: 15, seed: 40, terms })
  check(
    'the mixed workload (reads with searches, 5 % writes) through nginx, the pooler and the replica: 0 failures',
    result.requests > 100 && result.writes > 0 && result.non2xx === 0 && result.errors === 0,
    mixedSummary(result),
  )
}

/** A ban through one instance: the person's next request on each other instance is refused within 2 s. */
async function checkBan(admin: Person, banned: Person, apps: App[]) {
  const read = (port: number) => send({ port, path: '/api/rest/books', headers: { cookie: banned.cookie } })
  // Their session and first page are kept on every instance before the ban.
  for (const app of apps) await read(app.port)
  const [by, ...others] = apps
  const answer = await send({
    port: by!.port,
    method: 'POST',
    path: `/api/rest/users/${banned.id}/ban`,
    headers: { cookie: admin.cookie },
    body: { reason: 'scale test' },
  })
  const bannedAt = Date.now()
  const refusedAfter = await Promise.all(
    others.map(async (app) => {
      let status = 0
      await waitFor(
        `the ban heard on ${app.name}`,
        async () => (status = (await read(app.port)).status) === 401,
        5000,
      ).catch(() => {})
      return status === 401 ? Date.now() - bannedAt : undefined
    }),
  )
  check(
    'a ban on one instance refuses the person on the others within 2 s',
    answer.status === 200 && refusedAfter.every((ms) => ms !== undefined && ms <= 2000),
    `ban on ${by!.name}: ${answer.status}; refused on ${others.map((app, i) => `${app.name} after ${refusedAfter[i] ?? 'more than 5000'} ms`).join(', ')}`,
  )
}

/**
 * Replay paused on the replica: a writer reads their write back at once on
 * every instance; someone else's read (the replica's) does not see it until
 * the replica lags past the bound, then the primary answers them too.
 */
async function checkReadYourWrites(cluster: Cluster, writer: Person, other: Person, apps: App[]) {
  await cluster.caughtUp()
  await sleep(1000) // a poll of every instance has seen the replica fresh
  const tag = `replayed${run}`
  await cluster.replica.query('select pg_wal_replay_pause()')
  try {
    const pausedAt = Date.now()
    const created = await send({
      method: 'POST',
      path: '/api/rest/books',
      headers: { cookie: writer.cookie },
      body: { title: `Scale ${tag}`, author: 'Scale Test' },
    })
    const id = created.status === 201 ? (JSON.parse(created.body) as { id: string }).id : `not created: ${created.body}`
    const written = setCookies(created).find((pair) => pair.startsWith(`${WRITTEN_COOKIE}=`))
    const search = `/api/rest/books?searchTerm=${tag}`
    const writerCookie = [writer.cookie, written].filter(Boolean).join('; ')
    const byWriter = await Promise.all(
      apps.map(async (app) => (await listIds(app.port, search, writerCookie)).includes(id)),
    )
    const byOther = await Promise.all(
      apps.map(async (app) => (await listIds(app.port, search, other.cookie)).includes(id)),
    )
    const readAfter = Date.now() - pausedAt
    check(
      'replay paused: a write is read back at once by its writer on every instance',
      created.status === 201 && Boolean(written) && byWriter.every(Boolean),
      `${created.status}, ${written ?? 'no written cookie'}; found by its writer on ${byWriter.filter(Boolean).length}/3`,
    )
    check(
      "replay paused: someone else's search is the replica's, without the write (within the lag bound)",
      byOther.every((found) => !found) && readAfter < MAX_LAG_SECONDS * 1000,
      `found by someone else on ${byOther.filter(Boolean).length}/3, ${readAfter} ms after the pause`,
    )
    let skippedAfter: number | undefined
    await waitFor(
      'the lagging replica skipped on every instance',
      async () => {
        const seen = await Promise.all(
          apps.map(async (app) => (await listIds(app.port, search, other.cookie)).includes(id)),
        )
        if (seen.every(Boolean)) skippedAfter = Date.now() - pausedAt
        return skippedAfter !== undefined
      },
      (MAX_LAG_SECONDS + 10) * 1000,
    ).catch(() => {})
    check(
      `a replica lagging past DATABASE_REPLICA_MAX_LAG_SECONDS (${MAX_LAG_SECONDS}) is skipped: the primary answers everyone`,
      skippedAfter !== undefined && skippedAfter <= (MAX_LAG_SECONDS + 3) * 1000,
      `everyone finds the write ${skippedAfter ?? 'never'} ms after the pause`,
    )
  } finally {
    await cluster.replica.query('select pg_wal_replay_resume()')
  }
}

/**
 * Writes through /api/auth: a sign-in writes a session, which no list its
 * person reads shows (the dashboard counts sessions, and tolerates lag): no
 * cookie, their reads stay on the replica. A ban through the auth service's
 * own admin route changes the user list: its admin reads it back at once.
 */
async function checkAuthWrites(
  cluster: Cluster,
  admin: Person,
  banned: Person,
  apps: App[],
  nextCode: (email: string) => Promise<string>,
) {
  const signedIn = await signInAnswer(admin.email, nextCode)
  check(
    'a sign-in through /api/auth sets no read-your-writes cookie',
    signedIn.status === 200 && !setCookies(signedIn).some((pair) => pair.startsWith(`${WRITTEN_COOKIE}=`)),
    `${signedIn.status}; cookies set: ${setCookies(signedIn)
      .map((pair) => pair.split('=')[0])
      .join(', ')}`,
  )
  await cluster.caughtUp()
  await sleep(1000)
  await cluster.replica.query('select pg_wal_replay_pause()')
  try {
    const answer = await send({
      method: 'POST',
      path: '/api/auth/admin/ban-user',
      headers: { cookie: admin.cookie },
      body: { userId: banned.id, banReason: 'scale test' },
    })
    const written = setCookies(answer).find((pair) => pair.startsWith(`${WRITTEN_COOKIE}=`))
    const cookie = [admin.cookie, written].filter(Boolean).join('; ')
    const search = `/api/rest/users?banned=true&searchTerm=${encodeURIComponent(banned.email)}`
    const found = await Promise.all(
      apps.map(async (app) => (await listIds(app.port, search, cookie)).includes(banned.id)),
    )
    check(
      'replay paused: a ban through /api/auth/admin/ban-user is read back at once by its admin on every instance',
      answer.status === 200 && Boolean(written) && found.every(Boolean),
      `${answer.status}, ${written ?? 'no written cookie'}; among the banned on ${found.filter(Boolean).length}/3`,
    )
  } finally {
    await cluster.replica.query('select pg_wal_replay_resume()')
  }
}

/** The sign-in's own answer (bench/app.ts's signIn keeps only the session cookie). */
async function signInAnswer(email: string, nextCode: (email: string) => Promise<string>) {
  const code = nextCode(email)
  const sent = await send({
    method: 'POST',
    path: '/api/auth/email-otp/send-verification-otp',
    body: { email, type: 'sign-in' },
  })
  if (sent.status !== 200) throw new Error(`sending the code: ${sent.status} ${sent.body}`)
  return send({ method: 'POST', path: '/api/auth/sign-in/email-otp', body: { email, otp: await code } })
}

/** SIGTERM to each instance in turn under the mixed workload, started again before the next. */
async function checkRollingRestart(apps: App[], cluster: Cluster, people: Person[], terms: string[]) {
  const stop = new AbortController()
  const load = runMixed(mixedTarget(people), {
    connections: CONNECTIONS,
    seconds: 600,
    seed: 41,
    terms,
    signal: stop.signal,
  })
  const exits: string[] = []
  try {
    await sleep(2000)
    for (const [index, app] of apps.entries()) {
      app.child.kill('SIGTERM')
      const code = await Promise.race([app.exited, sleep(30_000).then(() => 'still running after 30 s')])
      exits.push(`${app.name} ${code}`)
      apps[index] = startServer({ name: app.name, port: app.port, dir: tmp }, appEnv(app.port, cluster))
      await waitFor(`${app.name} ready again`, () => isReady(app.port), 90_000)
      // nginx tries a failed server again after fail_timeout (2 s).
      await sleep(3000)
    }
  } finally {
    stop.abort()
  }
  const result = await load
  check(
    'a rolling restart of the three under the mixed workload: 0 failed requests',
    exits.every((exit) => exit.endsWith(' 0')) && result.requests > 0 && result.non2xx === 0 && result.errors === 0,
    `exits: ${exits.join(', ')}; ${mixedSummary(result)}`,
  )
}

/** Where a failure is told (CI keeps no temp folder): the end of each instance's log. */
function printLogs() {
  for (const file of fs.readdirSync(tmp).filter((name) => name.endsWith('.log'))) {
    const lines = fs.readFileSync(path.join(tmp, file), 'utf8').trimEnd().split('\n').slice(-15)
    console.log(`--- ${file} (last ${lines.length} lines)\n${lines.join('\n')}`)
  }
  console.log(`logs kept in ${tmp}`)
}

// ---- Main ------------------------------------------------------------------------

const TIMEOUT_MINUTES = 8

async function main() {
  const started = Date.now()
  // Whatever hangs, the run ends (the exit handlers stop the servers and processes it started).
  setTimeout(() => {
    console.error(`the scale test took more than ${TIMEOUT_MINUTES} minutes: stopped`)
    printLogs()
    process.exit(1)
  }, TIMEOUT_MINUTES * 60_000).unref()
  if (!fs.existsSync(path.join(ROOT, '.output/server/index.mjs')))
    throw new Error('No build: run `npm run build` first')
  if (!PGBOUNCER) throw new Error('pgbouncer is missing: apt-get install -y pgbouncer')
  if (!POSTGRES_BIN) throw new Error("PostgreSQL's server programs (initdb, pg_basebackup) are missing")
  if (!fs.existsSync(NGINX)) throw new Error('nginx is missing: apt-get install -y nginx')

  const cleanups: Array<() => unknown> = []
  try {
    // Three instances × (a pool through the pooler's few, 2 direct, the listener, the replica's 5).
    const replicated = await startReplicated({ maxConnections: 80 })
    cleanups.push(() => replicated.stop())
    const bouncer = await startPgBouncer(replicated.primaryUrl, { poolSize: 6 })
    cleanups.push(() => bouncer.stop())
    const mail = await startMailCatcher()
    cleanups.push(() => mail.close())
    await fillDatabase(replicated.primaryUrl, BOOKS, log)

    const cluster: Cluster = {
      caughtUp: () => replicated.caughtUp(),
      replica: new pg.Client({ connectionString: replicated.replicaUrl }),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        BASE_URL,
        DATABASE_URL: bouncer.through(replicated.primaryUrl),
        DATABASE_DIRECT_URL: replicated.primaryUrl,
        DATABASE_REPLICA_URLS: replicated.replicaUrl,
        DATABASE_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
        AUTH_SECRET: SECRET,
        EMAIL_SERVER: mail.url,
        TRUST_PROXY: '1',
        SHUTDOWN_DELAY: '1',
        SHUTDOWN_TIMEOUT: '10',
        LOG_LEVEL: 'warn',
        // The load comes from one address: per-address budgets are tested elsewhere.
        RATE_LIMIT: 'false',
        SEED_DEMO_DATA: 'true',
      },
    }
    cluster.replica.on('error', () => {})
    await cluster.replica.connect()
    cleanups.push(() => cluster.replica.end())
    const everyone: Person[] = await insertOurPeople(replicated.primaryUrl, SECRET, PEOPLE, ADMINS)
    const apps = APP_PORTS.map((port, index) =>
      startServer({ name: 'abc'[index]!, port, dir: tmp }, appEnv(port, cluster)),
    )
    startNginx(tmp, NGINX_PORT, APP_PORTS)
    await waitFor(
      'the three instances ready',
      async () => (await Promise.all(APP_PORTS.map(isReady))).every(Boolean),
      120_000,
    )
    await waitFor('nginx', () => isReady(NGINX_PORT), 10_000)
    log(`ready in ${Math.round((Date.now() - started) / 1000)} s`)

    const terms = searchTermsOf(CATALOGUE_WORDS)
    const admins = everyone.filter((person) => person.role === 'admin')
    const users = everyone.filter((person) => person.role === 'user')
    const [bannedHere, bannedThroughAuth] = users.slice(-2) as [Person, Person]
    const browsing = everyone.filter((person) => person !== bannedHere && person !== bannedThroughAuth)

    await checkMixed(browsing, terms)
    await checkBan(admins[0]!, bannedHere, apps)
    await checkReadYourWrites(cluster, admins[1]!, admins[2]!, apps)
    await checkAuthWrites(cluster, admins[3]!, bannedThroughAuth, apps, mail.nextCode)
    await checkRollingRestart(apps, cluster, browsing, terms)
  } finally {
    await stopAll()
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        console.error(`a clean-up step failed: ${(error as Error).message}`)
      }
    }
    if (results.length && results.every((result) => result.ok)) fs.rmSync(tmp, { recursive: true, force: true })
    else printLogs()
  }
  reportResults(started)
}

main().catch((error: Error) => {
  console.error(error)
  process.exitCode = 1
})
