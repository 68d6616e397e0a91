import fs from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

// Relative, with extensions: vite.config.ts imports this file, and its imports must be loadable
// by Node as they are (no '@/' alias; Vite's native config loader).
import { ChangeNotices, hearChangeNotices, SESSION_CHANGE_CHANNEL } from '../fast-paths/change-notices.server.ts'
import { startQuery } from '../observability/request-scope.server.ts'
import { gauge } from '../observability/tallies.server.ts'
import * as schema from './schema.ts'
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, queryTimeoutNow } from './timeouts.server.ts'
import { unreachable } from './unavailable.server.ts'

/**
 * One database module, two drivers. Nothing outside this file knows which one
 * runs: PGlite (embedded PostgreSQL in WASM) for a zero-setup start and tests,
 * node-postgres for a real server.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

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

export async function openDatabase(
  url: string | undefined,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<DatabaseHandle> {
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    return openPostgres(url, timeouts)
  }
  if (url === 'memory://') return openPglite(undefined)
  return openPglite(url?.startsWith('file://') ? url.slice('file://'.length) : DEFAULT_PGLITE_DIR)
}

/** How often the change-notice listener makes sure its connection still answers. */
const LISTENER_HEARTBEAT_MS = 5000
/** Idle time before TCP asks the server whether it is still there (a dead peer ends the connection). */
const KEEPALIVE_DELAY_MS = 10_000

async function openPostgres(url: string, timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  const { Client, Pool } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  // Every connection: opened within the connect timeout, and probed while idle.
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  }
  // One connection hears the other processes' writes; every pooled one also
  // listens, so that a write's own notice arrives before the write resolves.
  const notices = new ChangeNotices(async (notice, lost) => {
    const client = new Client(connection)
    client.on('notification', notice).on('error', lost).on('end', lost)
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
      await client.query(bounded(`listen ${SESSION_CHANGE_CHANNEL}`, timeouts.queryMs))
    } catch (error) {
      await stop().catch(() => {})
      throw error
    }
    return stop
  })

  /**
   * A pooled connection: it listens before its first query, within the pool's
   * wait (so a server that accepts the connection and then holds it is still
   * bounded), and each of its statements is bounded.
   */
  class PooledClient extends Client {
    constructor() {
      super(connection)
      this.on('notification', notices.notice)
      // A connection lost while a transaction holds it fails that transaction's queries;
      // as an event nobody listens to, it would also end the process.
      this.on('error', () => {})
      boundQueries(this, timeouts.queryMs)
      timeQueries(this)
    }

    // @ts-expect-error pg declares two overloads: the pool calls it with a callback, others without.
    override connect(callback?: (error?: Error) => void) {
      const connected = super.connect().then(() =>
        // Untimed: it runs inside the pool query that asked for the connection, which counts it already.
        super.query(`listen ${SESSION_CHANGE_CHANNEL}`).then(
          () => undefined,
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
  gauge('start_books_db_pool_connections', 'PostgreSQL pool connections by state', ['state'], () => [
    { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
    { labels: { state: 'idle' }, value: pool.idleCount },
    { labels: { state: 'waiting' }, value: pool.waitingCount },
  ])
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Database
  hearChangeNotices(db, notices)
  return {
    db,
    driver: 'postgres',
    executeSql: (text, values) => pool.query(text, values),
    async exclusive(fn) {
      // A session-level advisory lock on a connection of its own, whose statements are not
      // bounded (a migration may take minutes, and waits for another process's): several
      // processes starting together migrate and seed one after the other.
      const client = new Client(connection)
      await client.connect().catch((error: unknown) => Promise.reject(unreachable(error)))
      try {
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
      await pool.end()
    },
  }
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
  // One connection: PGlite calls the listener before the writing query resolves.
  const notices = new ChangeNotices((notice) => client.listen(SESSION_CHANGE_CHANNEL, notice))
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
