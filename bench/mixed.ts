/**
 * The mixed workload (issue 26 part 4): many distinct signed-in people, each
 * request a random page of a random list with a random search term, one in
 * twenty a write, on this product and on start-ui-web side by side.
 *
 * The people are inserted with their sessions straight into each app's
 * database and their cookies signed as better-auth signs them (better-call:
 * `token.base64(HMAC-SHA256(secret, token))`, URI-encoded), so that a hundred
 * sign-ins by e-mail code are not needed. The load is generated in this
 * process: `connections` closed loops over keep-alive sockets (`node:http`),
 * each taking a person who is not mid-request, asking what they send next
 * (bench/mixed-plan.ts) and timing the answer.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'

import pg from 'pg'

import type { LoadResult } from './load'
import {
  afterAnswer,
  DEFAULT_MIX,
  type MixedRequest,
  nextRequest,
  people,
  type PersonState,
  requestKind,
  type Role,
  seededRandom,
} from './mixed-plan'
import { percentile } from './stats'

const SESSION_COOKIE = 'better-auth.session_token'

/**
 * start-ui-web's: its better-auth has a dynamic base URL (allowed hosts) with
 * no protocol, so in production it names its cookies as for HTTPS even on HTTP.
 */
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`

/** A session cookie as better-auth sets it: the token, a dot, its HMAC-SHA256 in base64, URI-encoded. */
export function signedSessionCookie(token: string, secret: string, name = SESSION_COOKIE) {
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`
}

interface MixedPerson {
  role: Role
  cookie: string
}

/** How one app is asked for what a person does. */
export interface MixedTarget {
  name: string
  baseUrl: string
  people: MixedPerson[]
  toHttp(request: MixedRequest): { method: string; path: string; body?: unknown }
  /** The server's process, when it is this bench's child: its CPU per request and RSS are logged. */
  pid?: number
}

/** Latencies of one kind of request in a run (milliseconds). */
export interface KindFigures {
  count: number
  p50: number
  p99: number
}

export interface MixedResult extends LoadResult {
  reads: number
  writes: number
  /** By `requestKind`: what the slow answers were. */
  kinds: Record<string, KindFigures>
  /** A few failed answers (status and the start of the body), to tell why. */
  failures: string[]
}

const listPath = (list: string, searchTerm: string, cursor?: string) => {
  const query = new URLSearchParams()
  if (searchTerm) query.set('searchTerm', searchTerm)
  if (cursor) query.set('cursor', cursor)
  return `/api/rest/${list}${query.size ? `?${query}` : ''}`
}
const newTitle = () => `Mixed Bench ${randomBytes(6).toString('hex')}`
const newName = () => `Bench Person ${randomBytes(3).toString('hex')}`

/** This product's REST API (the router's OpenAPI side): lists, book writes; a name through better-auth. */
export function ourRequests(request: MixedRequest): ReturnType<MixedTarget['toHttp']> {
  switch (request.kind) {
    case 'read':
      return { method: 'GET', path: listPath(request.list, request.searchTerm, request.cursor) }
    case 'create-book':
      return { method: 'POST', path: '/api/rest/books', body: { title: newTitle(), author: 'Bench Writer' } }
    case 'update-book':
      return {
        method: 'PUT',
        path: `/api/rest/books/${encodeURIComponent(request.book.id)}`,
        body: { title: request.book.title, author: request.book.author, publisher: newName() },
      }
    case 'rename':
      return { method: 'POST', path: '/api/auth/update-user', body: { name: newName() } }
  }
}

/** start-ui-web's REST API (its oRPC router's OpenAPI side): the same lists and writes; a book needs a genre. */
export function theirRequests(genreIds: readonly string[]) {
  return (request: MixedRequest): ReturnType<MixedTarget['toHttp']> => {
    const genreId = genreIds[0]!
    switch (request.kind) {
      case 'read':
        return { method: 'GET', path: listPath(request.list, request.searchTerm, request.cursor) }
      case 'create-book':
        return { method: 'POST', path: '/api/rest/books', body: { title: newTitle(), author: 'Bench Writer', genreId } }
      case 'update-book':
        return {
          method: 'POST',
          path: `/api/rest/books/${encodeURIComponent(request.book.id)}`,
          body: { title: request.book.title, author: request.book.author, publisher: newName(), genreId },
        }
      case 'rename':
        return { method: 'POST', path: '/api/rest/account/info', body: { name: newName() } }
    }
  }
}

interface Answer {
  status: number
  body: string
}

function send(
  agent: Agent,
  baseUrl: string,
  http: ReturnType<MixedTarget['toHttp']>,
  cookie: string,
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(http.path, baseUrl)
  const body = http.body === undefined ? undefined : JSON.stringify(http.body)
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        agent,
        method: http.method,
        headers: {
          cookie,
          accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: baseUrl }),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
        response.on('error', reject)
      },
    )
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)))
    request.on('error', reject)
    request.end(body)
  })
}

interface MixedRunOptions {
  connections: number
  seconds: number
  seed: number
  terms: readonly string[]
  timeoutMs?: number
  /** Ends the run before `seconds` have passed (the scale test's rolling restart). */
  signal?: AbortSignal
}

/** `connections` closed loops for `seconds`; every person answered keeps browsing where they were. */
export async function runMixed(target: MixedTarget, options: MixedRunOptions): Promise<MixedResult> {
  if (target.people.length < options.connections)
    throw new Error(`${target.name}: ${target.people.length} people for ${options.connections} connections`)
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const random = seededRandom(options.seed)
  const mix = { ...DEFAULT_MIX, terms: options.terms }
  const states: PersonState[] = target.people.map((person) => ({ role: person.role }))
  const idle = target.people.map((_, index) => index)
  const latencies: number[] = []
  const byKind = new Map<string, number[]>()
  const failures: string[] = []
  let [reads, writes, non2xx, errors] = [0, 0, 0, 0]
  const started = performance.now()
  const end = started + options.seconds * 1000
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < end && !options.signal?.aborted) {
          const [index] = idle.splice(Math.floor(random() * idle.length), 1) as [number]
          const person = target.people[index]!
          const planned = nextRequest(states[index]!, random, mix)
          const begin = performance.now()
          try {
            const answer = await send(
              agent,
              target.baseUrl,
              target.toHttp(planned),
              person.cookie,
              options.timeoutMs ?? 30_000,
            )
            const took = performance.now() - begin
            latencies.push(took)
            const kind = requestKind(planned)
            if (!byKind.has(kind)) byKind.set(kind, [])
            byKind.get(kind)!.push(took)
            const ok = answer.status >= 200 && answer.status < 300
            if (!ok) {
              non2xx++
              if (failures.length < 5) failures.push(`${planned.kind} ${answer.status} ${answer.body.slice(0, 200)}`)
            }
            if (planned.kind === 'read') reads++
            else writes++
            states[index] = afterAnswer(
              states[index]!,
              planned,
              ok && planned.kind === 'read'
                ? (JSON.parse(answer.body) as Parameters<typeof afterAnswer>[2])
                : undefined,
            )
          } catch (error) {
            errors++
            if (failures.length < 5) failures.push(`${planned.kind}: ${(error as Error).message}`)
            states[index] = afterAnswer(states[index]!, planned)
          } finally {
            idle.push(index)
          }
        }
      }),
    )
  } finally {
    agent.destroy()
  }
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / seconds,
    p50: latencies.length ? percentile(latencies, 50) : Number.NaN,
    p99: latencies.length ? percentile(latencies, 99) : Number.NaN,
    requests: latencies.length,
    non2xx,
    errors,
    reads,
    writes,
    kinds: kindFigures(byKind),
    failures,
  }
}

/** Count, p50 and p99 of each kind's latencies. */
export function kindFigures(byKind: ReadonlyMap<string, number[]>): Record<string, KindFigures> {
  return Object.fromEntries(
    [...byKind].map(([kind, values]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return [kind, { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }]
    }),
  )
}

/** The bench's people: `count` accounts, the first `admins` administrators (`mixed-<n>@bench.test`). */
function benchPeople(count: number, admins: number) {
  return people(count, admins).map((role, index) => ({
    id: randomUUID(),
    role,
    email: `mixed-${index}@bench.test`,
    name: `Mixed ${role} ${index}`,
    token: randomBytes(24).toString('base64url'),
  }))
}

/**
 * People with live sessions in this product's database (snake_case columns;
 * better-auth's default 7-day sessions, so none is due a refresh during the run).
 */
export async function insertOurPeople(databaseUrl: string, secret: string, count: number, admins: number) {
  const rows = benchPeople(count, admins)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into "user" (id, name, email, email_verified, role, onboarded_at)
       select id, name, email, true, role, now() from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as p(id, name, email, role)`,
      [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.email), rows.map((r) => r.role)],
    )
    await client.query(
      `insert into session (id, token, expires_at, user_id)
       select gen_random_uuid()::text, token, now() + interval '7 days', user_id from unnest($1::text[], $2::text[]) as s(token, user_id)`,
      [rows.map((r) => r.token), rows.map((r) => r.id)],
    )
  } finally {
    await client.end()
  }
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    cookie: signedSessionCookie(row.token, secret),
  }))
}

/** The same in start-ui-web's database (Prisma's camelCase columns, its `UserRole` enum, its 30-day sessions). */
async function insertTheirPeople(databaseUrl: string, secret: string, count: number, admins: number) {
  const rows = benchPeople(count, admins)
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into "user" (id, name, email, "emailVerified", role, "onboardedAt", "createdAt", "updatedAt")
       select id, name, email, true, role::"UserRole", now(), now(), now()
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as p(id, name, email, role)`,
      [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.email), rows.map((r) => r.role)],
    )
    await client.query(
      `insert into session (id, token, "expiresAt", "createdAt", "updatedAt", "userId")
       select gen_random_uuid()::text, token, now() + interval '30 days', now(), now(), user_id
         from unnest($1::text[], $2::text[]) as s(token, user_id)`,
      [rows.map((r) => r.token), rows.map((r) => r.id)],
    )
  } finally {
    await client.end()
  }
  return rows.map((row) => ({ role: row.role, cookie: signedSessionCookie(row.token, secret, SECURE_SESSION_COOKIE) }))
}

/**
 * How this product reaches PostgreSQL beside its direct run (docs/deploy/past-one-machine.md):
 * through Debian's PgBouncer in transaction mode, in front of the same server
 * and database (DATABASE_DIRECT_URL straight to it); or with one streaming
 * replica (DATABASE_REPLICA_URLS), a primary and replica of the bench's own
 * (src/test/replica.ts) holding the same catalogue.
 */
export type MixedShape = 'pooler' | 'replica'

export const MIXED_SHAPES: Record<MixedShape, string> = {
  pooler: 'this product, through PgBouncer',
  replica: 'this product, one replica',
}

/** The replica's primary as the bench's usual server is set: durable, PostgreSQL's default memory. */
const BENCH_SERVER_SETTINGS = ['fsync = on', 'full_page_writes = on', 'shared_buffers = 128MB']

export interface MixedSettings {
  /** The PostgreSQL server's admin connection (bench databases are created there and dropped). */
  adminUrl: string
  bookCounts: number[]
  rounds: number
  seconds: number
  warmUpSeconds: number
  connections: number
  people: number
  admins: number
  /** This product's server port and start-ui-web's (free, loopback). */
  ports: [number, number]
  /** The SMTP catcher's URL (nobody signs in by e-mail here; the servers need one). */
  emailServer: string
  /** start-ui-web's built checkout; unset: this product alone. */
  startUiWebDir?: string
  /** This product's runs besides the direct one. */
  shapes: MixedShape[]
  log: (line: string) => void
  /** Also called with each clean-up step (idempotent), for the bench's Ctrl+C handler. */
  track?: (step: () => Promise<unknown>) => void
}

/** One app at one catalogue size: each round's figures and the 1-minute load average at each round's start. */
interface MixedAppRuns {
  app: string
  books: number
  runs: MixedResult[]
}

export interface MixedReport {
  connections: number
  seconds: number
  rounds: number
  people: number
  admins: number
  loads: number[]
  apps: MixedAppRuns[]
}

/**
 * For each catalogue size: a database per app (ours: migrations, seed and
 * generated books; start-ui-web's: its schema and the same books), the people
 * inserted, both servers started, then `rounds` rounds going through the apps
 * in turn (a warm-up, then the measured run); servers stopped and databases
 * dropped before the next size.
 */
export async function measureMixed(settings: MixedSettings, terms: readonly string[]): Promise<MixedReport> {
  const { startApp } = await import('./app')
  const { createBenchDatabase, fillDatabase, fillStartUiWebDatabase } = await import('./database')
  const { startStartUiWeb, startUiWebEnv } = await import('./start-ui-web')
  const { freePort, startPgBouncer } = await import('../src/test/pgbouncer')
  const { startReplicated } = await import('../src/test/replica')
  const { loadavg } = await import('node:os')
  const { cpuNanoseconds } = await import('./observability')
  const { rssMegabytes } = await import('./load')
  const { log } = settings
  const report: MixedReport = {
    connections: settings.connections,
    seconds: settings.seconds,
    rounds: settings.rounds,
    people: settings.people,
    admins: settings.admins,
    loads: [],
    apps: [],
  }
  for (const books of settings.bookCounts) {
    const steps: Array<() => Promise<unknown>> = []
    const push = steps.push.bind(steps)
    steps.push = (...added) => {
      for (const step of added) settings.track?.(step)
      return push(...added)
    }
    try {
      const ours = await createBenchDatabase(settings.adminUrl)
      steps.push(() => ours.drop())
      let started = Date.now()
      await fillDatabase(ours.url, books, log)
      log(
        `mixed: ${books.toLocaleString('en')} books seeded for this product in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      )
      const secret = 'bench-secret-bench-secret-bench-secret-0123'
      const app = await startApp(ours.url, settings.emailServer, 120_000, {
        PORT: String(settings.ports[0]),
        AUTH_SECRET: secret,
      })
      steps.push(() => app.stop())
      const targets: MixedTarget[] = [
        {
          name: 'this product',
          baseUrl: app.baseUrl,
          people: await insertOurPeople(ours.url, secret, settings.people, settings.admins),
          toHttp: ourRequests,
          pid: app.process.pid,
        },
      ]
      const ourPeople = targets[0]!.people
      const extraEnv = { AUTH_SECRET: secret }
      // BENCH_MIXED_NODE_FLAGS ('--max-semi-space-size=8;' …): the same server with other Node flags, on the same database.
      for (const flags of process.env.BENCH_MIXED_NODE_FLAGS?.split(';') ?? []) {
        const variant = await startApp(
          ours.url,
          settings.emailServer,
          120_000,
          { ...extraEnv, PORT: String(await freePort()) },
          flags.split(' ').filter(Boolean),
        )
        steps.push(() => variant.stop())
        const name = `this product (${flags || 'no flags'})`
        targets.push({
          name,
          baseUrl: variant.baseUrl,
          people: ourPeople,
          toHttp: ourRequests,
          pid: variant.process.pid,
        })
      }
      if (settings.shapes.includes('pooler')) {
        const bouncer = await startPgBouncer(ours.url, { poolSize: 10 })
        steps.push(() => bouncer.stop())
        const pooled = await startApp(bouncer.through(ours.url), settings.emailServer, 120_000, {
          ...extraEnv,
          PORT: String(await freePort()),
          DATABASE_DIRECT_URL: ours.url,
        })
        steps.push(() => pooled.stop())
        targets.push({ name: MIXED_SHAPES.pooler, baseUrl: pooled.baseUrl, people: ourPeople, toHttp: ourRequests })
      }
      if (settings.shapes.includes('replica')) {
        const cluster = await startReplicated({ settings: BENCH_SERVER_SETTINGS })
        steps.push(async () => cluster.stop())
        started = Date.now()
        await fillDatabase(cluster.primaryUrl, books, log)
        await cluster.caughtUp(600_000)
        log(
          `mixed: ${books.toLocaleString('en')} books seeded on a primary with one replica in ${((Date.now() - started) / 1000).toFixed(0)} s`,
        )
        const replicated = await startApp(cluster.primaryUrl, settings.emailServer, 120_000, {
          ...extraEnv,
          PORT: String(await freePort()),
          DATABASE_REPLICA_URLS: cluster.replicaUrl,
        })
        steps.push(() => replicated.stop())
        targets.push({
          name: MIXED_SHAPES.replica,
          baseUrl: replicated.baseUrl,
          people: await insertOurPeople(cluster.primaryUrl, secret, settings.people, settings.admins),
          toHttp: ourRequests,
        })
      }
      if (settings.startUiWebDir) {
        const env = startUiWebEnv(settings.startUiWebDir)
        if (!env.DATABASE_URL || !env.AUTH_SECRET)
          throw new Error("start-ui-web's .env names no DATABASE_URL or AUTH_SECRET")
        const theirs = await createBenchDatabase(settings.adminUrl)
        steps.push(() => theirs.drop())
        started = Date.now()
        const { genreIds } = await fillStartUiWebDatabase(theirs.url, env.DATABASE_URL, books, log)
        log(
          `mixed: ${books.toLocaleString('en')} books seeded for start-ui-web in ${((Date.now() - started) / 1000).toFixed(0)} s`,
        )
        const server = await startStartUiWeb(settings.startUiWebDir, settings.emailServer, 120_000, {
          DATABASE_URL: theirs.url,
          PORT: String(settings.ports[1]),
        })
        steps.push(() => server.stop())
        targets.push({
          name: 'start-ui-web',
          baseUrl: server.baseUrl,
          people: await insertTheirPeople(theirs.url, env.AUTH_SECRET, settings.people, settings.admins),
          toHttp: theirRequests(genreIds),
        })
      }
      const runs = targets.map((target) => ({ app: target.name, books, runs: [] as MixedResult[] }))
      for (let round = 0; round < settings.rounds; round++) {
        report.loads.push(loadavg()[0]!)
        for (const [index, target] of targets.entries()) {
          const seed = (books + round * 7919 + index) >>> 0
          await runMixed(target, { ...settings, seconds: settings.warmUpSeconds, seed: seed ^ 0x5bd1e995, terms })
          const cpuBefore = target.pid && cpuNanoseconds(target.pid)
          const result = await runMixed(target, { ...settings, seed, terms })
          const server = target.pid
            ? `; server ${((cpuNanoseconds(target.pid) - cpuBefore!) / 1e6 / (result.reads + result.writes)).toFixed(2)} ms CPU/request, RSS ${rssMegabytes(target.pid)?.toFixed(0)} MB`
            : ''
          runs[index]!.runs.push(result)
          const slowest = Object.entries(result.kinds)
            .sort(([, a], [, b]) => b.p99 - a.p99)
            .slice(0, 3)
            .map(
              ([kind, figures]) =>
                `${kind} ×${figures.count} p50 ${figures.p50.toFixed(0)} p99 ${figures.p99.toFixed(0)}`,
            )
          log(
            `mixed ${books.toLocaleString('en')} books, round ${round + 1}/${settings.rounds}, ${target.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (${result.reads} reads, ${result.writes} writes${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors: ${result.failures.join(' | ')}` : ''}); load ${loadavg()[0]!.toFixed(1)}${server}; slowest: ${slowest.join('; ')}`,
          )
        }
      }
      report.apps.push(...runs)
    } finally {
      for (const step of steps.reverse()) {
        try {
          await step()
        } catch (error) {
          log(`mixed: a clean-up step failed: ${(error as Error).message}`)
        }
      }
    }
  }
  return report
}
