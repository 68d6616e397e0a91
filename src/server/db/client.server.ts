import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'

// Relative, with extensions: vite.config.ts imports this file, and its imports must be loadable
// by Node as they are (no '@/' alias; Vite's native config loader).
import { embeddedRefuses } from '../../lib/env.server.ts'
import { startQuery } from '../platform/request-scope.server.ts'
import { gauge } from '../platform/tallies.server.ts'
import { CHANGE_NOTICE_CHANNEL, ChangeNotices, hearChangeNotices } from './change-notices.server.ts'
import type { Database } from './database.ts'
import { registerReplicas, ReplicaSet } from './replicas.server.ts'
import * as schema from './schema.ts'
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, queryTimeoutNow } from './timeouts.server.ts'
import { unreachable } from './unavailable.server.ts'

/**
 * One database module, two drivers. Nothing outside this file knows which one
 * runs: PGlite (embedded PostgreSQL in WASM) for a zero-setup start and tests,
 * node-postgres for a real server.
 */
export type { Database }

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /** Plain SQL with `$1` parameters, or several statements without: for the job queue (pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  /** Runs `fn` while holding a database-wide lock (migrations, seeding). */
  exclusive<T>(fn: (db: Database) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export const DEFAULT_PGLITE_DIR = './.data/db'
const MIGRATION_LOCK_ID = 727_001

/** Where a PostgreSQL database's session-level work goes, and who hears of its troubles. */
export interface OpenOptions {
  /**
   * A connection straight to PostgreSQL (DATABASE_DIRECT_URL) when `url` goes
   * through a transaction pooler: the change notices' LISTEN, the migrations'
   * lock and the job queue. Defaults to `url`.
   */
  directUrl?: string
  /** Streaming replicas for the reads that tolerate a little lag (DATABASE_REPLICA_URLS), skipped past `replicaMaxLagMs`. */
  replicaUrls?: string[]
  replicaMaxLagMs?: number
  /** How long to wait for a connection and a statement before the database counts as unreachable. */
  timeouts?: DatabaseTimeouts
  log?: DatabaseLog
}

/** The few lines the database writes of its own (pino's signature). */
interface DatabaseLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export async function openDatabase(url: string | undefined, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    return openPostgres(url, options)
  }
  if (options.directUrl) throw new Error(embeddedRefuses('DATABASE_DIRECT_URL'))
  if (options.replicaUrls?.length) throw new Error(embeddedRefuses('DATABASE_REPLICA_URLS'))
  if (url === 'memory://') return openPglite(undefined)
  return openPglite(url?.startsWith('file://') ? url.slice('file://'.length) : DEFAULT_PGLITE_DIR)
}

/** How often the change-notice listener makes sure its connection still answers. */
const LISTENER_HEARTBEAT_MS = 5000
/** Idle time before TCP asks the server whether it is still there (a dead peer ends the connection). */
const KEEPALIVE_DELAY_MS = 10_000

async function openPostgres(
  url: string,
  {
    directUrl = url,
    replicaUrls = [],
    replicaMaxLagMs = DEFAULT_REPLICA_MAX_LAG_MS,
    timeouts = DEFAULT_DATABASE_TIMEOUTS,
    log,
  }: OpenOptions,
): Promise<DatabaseHandle> {
  const { Client, Pool } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  // Every connection: opened within the connect timeout, and probed while idle.
  const connection = {
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  }
  const directConnection = { ...connection, connectionString: directUrl }
  // The sessions of this process's pool that hear their own notices (hearOwnWrites): each notice is counted once.
  const ownSessions = new Set<number>()
  // One connection, straight to PostgreSQL, hears the other processes' writes.
  const notices = new ChangeNotices(async (notice, lost) => {
    const client = new Client(directConnection)
    client
      .on('notification', (message) => {
        if (!ownSessions.has(message.processId)) notice(message.payload)
      })
      .on('error', lost)
      .on('end', lost)
    // A partition holds packets and ends nothing: a heartbeat that gets no answer is a lost connection,
    // so what was kept stops being trusted (a write elsewhere would not be heard).
    const heartbeat = setInterval(() => {
      client.query(bounded('select 1', timeouts.queryMs)).catch(lost)
    }, LISTENER_HEARTBEAT_MS)
    heartbeat.unref()
    const stop = async () => {
      clearInterval(heartbeat)
      client
        .off('error', lost)
        .off('end', lost)
        .on('error', () => {})
      await client.end()
    }
    try {
      await client.connect()
      if (await throughPooler(client)) throw new Error(NOT_DIRECT('the change notices (LISTEN)'))
      await client.query(bounded(`listen ${CHANGE_NOTICE_CHANNEL}`, timeouts.queryMs))
    } catch (error) {
      await stop().catch(() => {})
      throw error
    }
    return stop
  }, log)

  /**
   * A pooled connection: it hears its own writes before its first query
   * (`hearOwnWrites`), within the pool's wait (so a server that accepts the
   * connection and then holds it is still bounded), and each of its
   * statements is bounded.
   */
  class PooledClient extends Client {
    constructor() {
      super({ ...connection, connectionString: url })
      // A connection lost while a transaction holds it fails that transaction's queries;
      // as an event nobody listens to, it would also end the process.
      this.on('error', () => {})
      boundQueries(this, timeouts.queryMs)
    }

    // @ts-expect-error pg declares two overloads: the pool calls it with a callback, others without.
    override connect(callback?: (error?: Error) => void) {
      const client = this as unknown as import('pg').ClientBase
      // Untimed until ready: it runs inside the pool query that asked for the connection, which counts it already.
      const connected: Promise<void> = super.connect().then(() =>
        hearOwnWrites(client, notices.notice, ownSessions).then(
          () => timeQueries(client),
          (error: unknown) => {
            this.end().catch(() => {})
            throw error
          },
        ),
      )
      if (!callback) return connected
      connected.then(() => callback(), callback)
    }
  }

  const pool = new Pool({
    ...connection,
    connectionString: url,
    Client: PooledClient as unknown as typeof Client,
    max: 10,
    // The wait for a connection: a free one, or a new one opened (its connect timeout bounds that part).
    connectionTimeoutMillis: timeouts.acquireMs,
  })
  boundQueries(pool, timeouts.queryMs)
  timeQueries(pool)
  // Any failure to obtain a connection means the database cannot be reached, whatever its code.
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<unknown> | void
  pool.connect = ((callback?: (error: unknown, ...rest: unknown[]) => void) => {
    if (!callback) return (connect() as Promise<unknown>).catch((error: unknown) => Promise.reject(unreachable(error)))
    connect((error: unknown, ...rest: unknown[]) => callback(error ? unreachable(error) : error, ...rest))
  }) as typeof pool.connect
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {})
  // The job queue's own SQL on the direct connection (pg-boss), a few of them: the pooler is there to save connections.
  const direct = directUrl === url ? pool : new Pool({ ...directConnection, max: 2 })
  if (direct !== pool) {
    timeQueries(direct)
    direct.on('error', () => {})
  }
  gauge('start_books_db_pool_connections', 'PostgreSQL pool connections by state', ['state'], () => [
    { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
    { labels: { state: 'idle' }, value: pool.idleCount },
    { labels: { state: 'waiting' }, value: pool.waitingCount },
  ])
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Database
  hearChangeNotices(db, notices)
  const replicas = replicaUrls.length ? await openReplicas(db, pool, replicaUrls, replicaMaxLagMs) : undefined
  return {
    db,
    driver: 'postgres',
    executeSql: (text, values) => direct.query(text, values),
    async exclusive(fn) {
      // A session-level advisory lock on a connection of its own, straight to
      // PostgreSQL: several processes starting together migrate and seed one
      // after the other (through a transaction pooler, the lock and its
      // release could land on different server connections).
      // Its statements are not bounded: a migration may take minutes, and waits for another process's.
      const client = new Client(directConnection)
      client.on('error', () => {})
      await client.connect().catch((error: unknown) => Promise.reject(unreachable(error)))
      try {
        if (await throughPooler(client)) throw new Error(NOT_DIRECT('the migrations (a session lock)'))
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        const locked = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database
        return await fn(locked)
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
        await client.end().catch(() => {})
      }
    },
    async close() {
      await notices.close()
      await replicas?.close()
      await pool.end()
      if (direct !== pool) await direct.end()
    },
  }
}

const NOT_DIRECT = (what: string) =>
  `${what} need a connection straight to PostgreSQL, and this one goes through a connection pooler: ` +
  'set DATABASE_DIRECT_URL to the PostgreSQL server itself (docs/deploy/past-one-machine.md)'

type PgClient = import('pg').ClientBase & { processID: number | null }

/**
 * Whether a connection goes through a pooler: PostgreSQL tells a client its
 * backend's process id when it connects, a pooler a key of its own (and
 * hands each transaction to whichever server connection is free).
 */
async function throughPooler(client: import('pg').ClientBase) {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  return rows[0]?.pid !== (client as PgClient).processID
}

/**
 * A pool connection hears its own writes' notices before they resolve, so
 * the process never trusts a kept read older than its own last write. Straight
 * to PostgreSQL it listens itself: a session hears its own notices before it
 * is ready for the next query (and keeps only those, and the listener leaves
 * them to it: each notice is counted once in the process, or other sessions'
 * would crowd the notices remembered, and a late copy of its own forget
 * what was read after it). Through a transaction pooler it cannot (its
 * LISTEN would stay on some server connection), nor use named prepared
 * statements (they stay on the server connection that parsed them): it
 * sends its statements unnamed, and takes every statement that is not a
 * plain select (a write, a commit) as a change, once it resolves.
 */
async function hearOwnWrites(
  client: import('pg').ClientBase,
  notice: (payload?: string) => void,
  ownSessions: Set<number>,
) {
  if (!(await throughPooler(client))) {
    // Every listening session hears every notice: the other sessions' reach the process through its listener,
    // which leaves this one's to it (a second, later copy would make the reads begun after the write unkept).
    const session = (client as PgClient).processID!
    client.on('notification', (message) => {
      if (message.processId === session) notice(message.payload)
    })
    await client.query(`listen ${CHANGE_NOTICE_CHANNEL}`)
    ownSessions.add(session)
    client.once('end', () => ownSessions.delete(session))
    return
  }
  // Its writes' keys are not known here: each is taken as a change of everything.
  sendUnnamed(client, () => notice())
}

/** A connection's statements sent unnamed; with `announce`, called once each statement that is not a plain select resolves. */
function sendUnnamed(client: import('pg').ClientBase, announce?: () => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((statement: unknown, ...rest: unknown[]) => {
    if (typeof statement === 'object' && statement !== null && 'submit' in statement) return query(statement, ...rest)
    const text = typeof statement === 'string' ? statement : (statement as { text?: string }).text
    const unnamed = typeof statement === 'string' ? statement : { ...(statement as object), name: undefined }
    if (!announce || /^\s*select\b/i.test(text ?? '')) return query(unnamed, ...rest)
    const callback = rest.at(-1)
    if (typeof callback === 'function') {
      rest[rest.length - 1] = (...answer: unknown[]) => {
        announce()
        ;(callback as (...args: unknown[]) => void)(...answer)
      }
      return query(unnamed, ...rest)
    }
    return (query(unnamed, ...rest) as Promise<unknown>).finally(announce)
  }) as typeof client.query
}

/** A statement with its bound (pg's own option, missing from its types). */
const bounded = (text: string, ms: number) => ({ text, query_timeout: ms }) as { text: string }

/**
 * Each statement sent through `target` with its bound (pg's `query_timeout`),
 * decided where it is sent: `withQueryTimeout`'s around it, else `fallbackMs`.
 * The pool hands a statement to a connection later, perhaps in another request's context.
 */
function boundQueries(target: { query: (...args: never[]) => unknown }, fallbackMs: number) {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown
  target.query = ((statement: unknown, ...rest: unknown[]) => {
    if (typeof statement === 'string') return query(bounded(statement, queryTimeoutNow(fallbackMs)), ...rest)
    // A Query object (a cursor, a stream) keeps its prototype: not copied.
    if (!statement || typeof (statement as { submit?: unknown }).submit === 'function') return query(statement, ...rest)
    return query({ query_timeout: queryTimeoutNow(fallbackMs), ...statement }, ...rest)
  }) as typeof target.query
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  const release = dir ? lockFolder(dir) : () => {}
  let client: InstanceType<typeof PGlite>
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } })
  } catch (error) {
    release()
    throw error
  }
  timeQueries(client)
  const transaction = client.transaction.bind(client)
  client.transaction = (run) =>
    transaction((tx) => {
      timeQueries(tx)
      return run(tx)
    })
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database
  // One connection: PGlite calls the listener (with the notice's payload) before the writing query resolves.
  const notices = new ChangeNotices((notice) => client.listen(CHANGE_NOTICE_CHANNEL, (payload) => notice(payload)))
  hearChangeNotices(db, notices)
  return {
    db,
    driver: 'pglite',
    // PGlite's `query` takes one statement; `exec` several, without parameters.
    executeSql: async (text, values) =>
      values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    // PGlite has a single connection and the folder lock keeps other
    // processes out, so nothing can interleave.
    exclusive: (fn) => fn(db),
    async close() {
      await notices.close()
      if (!client.closed) await client.close()
      release()
    },
  }
}

const DEFAULT_REPLICA_MAX_LAG_MS = 5000

/** The replicas of a PostgreSQL primary, each a small pool of its own, registered for `laggingReader`. */
async function openReplicas(primary: Database, primaryPool: import('pg').Pool, urls: string[], maxLagMs: number) {
  const { Pool } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const lsn = async (target: import('pg').Pool, expression: string) => {
    const { rows } = await target.query<{ lsn: string | null }>(`select ${expression}::text as lsn`)
    // Null on a server that is not a replica (pg_last_wal_replay_lsn on a primary): never used.
    if (!rows[0]?.lsn) throw new Error('not a streaming replica')
    return rows[0].lsn
  }
  const pools = urls.map((url) => {
    const pool = new Pool({
      connectionString: url,
      max: 5,
      // A replica that does not answer soon is skipped, not waited for.
      connectionTimeoutMillis: 2000,
      query_timeout: 2000,
      onConnect: async (client) => {
        if (await throughPooler(client)) sendUnnamed(client)
        timeQueries(client)
      },
    })
    pool.on('error', () => {})
    timeQueries(pool)
    return pool
  })
  const replicas = new ReplicaSet({
    primary,
    position: () => lsn(primaryPool, 'pg_current_wal_lsn()'),
    maxLagMs,
    replicas: pools.map((pool, index) => ({
      name: `replica ${index + 1}`,
      db: drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Database,
      replayed: () => lsn(pool, 'pg_last_wal_replay_lsn()'),
    })),
  })
  await replicas.poll()
  registerReplicas(primary, replicas)
  gauge(
    'start_books_db_replica_lag_seconds',
    "Each replica's lag behind the primary (what it has replayed), -1 while it is skipped (unreachable, or past the bound)",
    ['replica'],
    () =>
      replicas.lags().map(({ name, seconds }) => ({
        labels: { replica: name },
        value: seconds !== undefined && seconds * 1000 <= maxLagMs ? seconds : -1,
      })),
  )
  return {
    async close() {
      replicas.close()
      await Promise.all(pools.map((pool) => pool.end()))
    },
  }
}

/**
 * The driver's `query` timed for the request that runs it (its answer's
 * Server-Timing, its trace's span). The promise form only: node-postgres's pool calls its
 * clients with a callback, and is timed itself.
 */
function timeQueries(target: { query: (...args: never[]) => unknown }) {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown
  target.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args)
    const [statement] = args as [string | { text?: string } | undefined]
    const done = startQuery(typeof statement === 'string' ? statement : statement?.text)
    const result = query(...args) as Promise<unknown>
    result.then(() => done(), done)
    return result
  }) as typeof target.query
}

/**
 * PGlite neither creates its parent folders nor protects its folder against a
 * second process, which would corrupt it. A lock file next to the folder,
 * holding the owner's pid, refuses a second process with a clear message and
 * is taken over when its owner is gone.
 */
export function lockFolder(dir: string): () => void {
  const folder = path.resolve(dir)
  fs.mkdirSync(folder, { recursive: true })
  const lockPath = `${folder}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        fs.rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(lockPath, 'utf8'))
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The database folder ${dir} is in use by another process (pid ${owner}). ` +
            'Stop that process first, or set DATABASE_URL to a PostgreSQL server to run several processes.',
          { cause: error },
        )
      }
      fs.rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock the database folder ${dir}`)
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Cheap liveness probe, also used by tests. */
export async function ping(db: Database) {
  await db.execute(sql`select 1`)
}
