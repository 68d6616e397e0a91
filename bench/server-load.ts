/**
 * Server rendering, session check and memory under load (issue 14 parts 3, 4
 * and 8): the production build on a fresh PostgreSQL database (seeded by the
 * app at boot), loaded with wrk (bench/http-load.ts) route after route, in
 * rounds; prints a Markdown table of medians and the server's RSS idle, after
 * the load and around an optional long load.
 *
 *   tsx bench/server-load.ts
 *   KEEP=1 tsx bench/server-load.ts   # start, sign in, print { baseUrl, pid, cookie }, wait for Ctrl+C
 *   ROUNDS=3 DURATION=10 CASES=login-br,session SOAK=300 RATE_CHECK=1 PROFILE_DIR=/tmp/prof tsx bench/server-load.ts
 *
 * BENCH_DATABASE_URL: a PostgreSQL account allowed to create databases
 * (default postgres://postgres@127.0.0.1:5432/postgres); the database
 * `${DB_PREFIX:-bench}_<random>` is dropped at the end.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

import pg from 'pg'

import { ensureBuild, type RunningApp, signIn, startApp, startMailCatcher } from './app'
import { withDatabase } from './database'
import { httpLoad, loadAverage, type LoadResult, medianLoad, rssMiB } from './http-load'

const BROWSER_ENCODING = { 'accept-encoding': 'br, gzip' }

interface Case {
  name: string
  path: string
  signedIn: boolean
  headers?: Record<string, string>
}

const CASES: Case[] = [
  { name: 'login-br', path: '/login', signedIn: false, headers: BROWSER_ENCODING },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'books-br', path: '/manager/books', signedIn: true, headers: BROWSER_ENCODING },
  { name: 'books', path: '/manager/books', signedIn: true },
  { name: 'session-anon', path: '/api/auth/get-session', signedIn: false, headers: BROWSER_ENCODING },
  { name: 'session', path: '/api/auth/get-session', signedIn: true, headers: BROWSER_ENCODING },
]

const settings = {
  adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  prefix: process.env.DB_PREFIX ?? 'bench',
  rounds: Number(process.env.ROUNDS ?? 3),
  duration: Number(process.env.DURATION ?? 10),
  warmup: Number(process.env.WARMUP ?? 3),
  connections: Number(process.env.CONNECTIONS ?? 20),
  cases: process.env.CASES?.split(','),
  soakSeconds: Number(process.env.SOAK ?? 0),
  rateCheck: process.env.RATE_CHECK === '1',
  profileDir: process.env.PROFILE_DIR,
  port: process.env.PORT,
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: settings.adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const log = (line: string) => console.error(`[server-load] ${line}`)
const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

async function measure(app: RunningApp, cookie: string, cases: Case[]) {
  const results = new Map<string, LoadResult[]>()
  const loads: number[] = []
  for (let round = 1; round <= settings.rounds; round++) {
    for (const item of cases) {
      const headers = { ...item.headers, ...(item.signedIn ? { cookie } : {}) }
      const result = await httpLoad(app.baseUrl + item.path, {
        headers,
        connections: settings.connections,
        durationSeconds: settings.duration,
        warmupSeconds: settings.warmup,
      })
      loads.push(loadAverage())
      log(
        `round ${round} ${item.name}: ${fixed(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
      )
      results.set(item.name, [...(results.get(item.name) ?? []), result])
    }
  }
  return { results, loads }
}

async function main() {
  await ensureBuild(log)
  const name = `${settings.prefix}_${randomBytes(4).toString('hex')}`
  await admin(`create database "${name}"`)
  const mail = await startMailCatcher()
  const apps: RunningApp[] = []
  try {
    const extraEnv: Record<string, string> = {}
    if (settings.port) extraEnv.PORT = settings.port
    if (settings.profileDir) extraEnv.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${settings.profileDir}`
    const app = await startApp(withDatabase(settings.adminUrl, name), mail.url, 90_000, extraEnv)
    apps.push(app)
    const pid = app.process.pid!
    await sleep(5000)
    const idle = rssMiB(pid)
    log(`RSS idle ${fixed(idle, 1)} MiB`)
    const cookie = await signIn(app.baseUrl, 'admin@admin.com', (email) => mail.nextCode(email))
    if (process.env.KEEP === '1') {
      // For profiling by hand: the server stays up until this process is stopped.
      console.log(JSON.stringify({ baseUrl: app.baseUrl, pid, cookie }))
      await new Promise((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve))
      return
    }
    const cases = CASES.filter((item) => !settings.cases || settings.cases.includes(item.name))
    const { results, loads } = await measure(app, cookie, cases)
    const afterLoad = rssMiB(pid)
    await sleep(5000)
    const afterLoadIdle = rssMiB(pid)

    const lines = [
      `| case | GET | req/s (median of ${settings.rounds}) | rounds | p50 ms | p99 ms | non-2xx |`,
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ]
    for (const item of cases) {
      const runs = results.get(item.name)!
      const middle = medianLoad(runs)
      const rates = runs.map((run) => run.rps)
      lines.push(
        `| ${item.name} | \`${item.path}\`${item.signedIn ? ' as admin' : ''}${item.headers ? ', `Accept-Encoding: br, gzip`' : ''} | ${fixed(middle.rps)} | ${fixed(Math.min(...rates))}–${fixed(Math.max(...rates))} | ${fixed(middle.p50, 2)} | ${fixed(middle.p99, 2)} | ${middle.non2xx} |`,
      )
    }
    lines.push(
      '',
      `wrk -t2 -c${settings.connections} -d${settings.duration}s after ${settings.warmup} s of warm-up, each case in turn, ${settings.rounds} rounds. ` +
        `Load average (1 min) after the runs: ${fixed(Math.min(...loads), 1)}–${fixed(Math.max(...loads), 1)}.`,
      '',
      `Server RSS: idle ${fixed(idle, 1)} MiB, right after the load ${fixed(afterLoad, 1)} MiB, 5 s later ${fixed(afterLoadIdle, 1)} MiB.`,
    )

    if (settings.soakSeconds > 0) {
      const before = rssMiB(pid)
      log(`soak: ${settings.soakSeconds} s of load on every case at once`)
      const each = Math.max(1, Math.floor(settings.connections / cases.length))
      const soak = await Promise.all(
        cases.map((item) =>
          httpLoad(app.baseUrl + item.path, {
            headers: { ...item.headers, ...(item.signedIn ? { cookie } : {}) },
            connections: each,
            threads: 1,
            durationSeconds: settings.soakSeconds,
            warmupSeconds: 0,
          }),
        ),
      )
      const after = rssMiB(pid)
      await sleep(5000)
      const settled = rssMiB(pid)
      const total = soak.reduce((sum, result) => sum + result.requests, 0)
      lines.push(
        '',
        `Long load: ${settings.soakSeconds} s of every case at once (${cases.length} × wrk -t1 -c${each}, ${fixed(total)} requests, ` +
          `non-2xx ${soak.reduce((sum, result) => sum + result.non2xx, 0)}): RSS ${fixed(before, 1)} MiB before, ${fixed(after, 1)} MiB at the end, ${fixed(settled, 1)} MiB 5 s later; load average ${fixed(loadAverage(), 1)}.`,
      )
    }
    await app.stop()

    if (settings.rateCheck) {
      const limited = await startApp(withDatabase(settings.adminUrl, name), mail.url, 90_000, { RATE_LIMIT: 'true' })
      apps.push(limited)
      const limitedCookie = await signIn(limited.baseUrl, 'admin@admin.com', (email) => mail.nextCode(email))
      const checks = []
      for (const signedIn of [false, true]) {
        const result = await httpLoad(`${limited.baseUrl}/api/auth/get-session`, {
          headers: signedIn ? { cookie: limitedCookie } : {},
          durationSeconds: settings.duration,
          warmupSeconds: 0,
        })
        checks.push(
          `${signedIn ? 'with a session' : 'anonymous'} ${fixed(result.requests)} requests, ${result.non2xx} non-2xx`,
        )
      }
      lines.push(
        '',
        `With RATE_LIMIT=true, \`GET /api/auth/get-session\` for ${settings.duration} s each: ${checks.join('; ')}.`,
      )
      await limited.stop()
    }
    console.log(lines.join('\n'))
  } finally {
    for (const app of apps) await app.stop()
    await mail.close()
    await admin(`drop database if exists "${name}" with (force)`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
