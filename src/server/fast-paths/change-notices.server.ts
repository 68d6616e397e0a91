import type { Table } from 'drizzle-orm'

import type { Database } from '@/server/db/client.server'
import type * as schema from '@/server/db/schema'

// Relative, with its extension: vite.config.ts loads this file (through the database client) as Node does.
import { fastPathTally, gauge, tally } from '../observability/tallies.server.ts'

/** The channel of migrations 0007 and 0026: a notice after every committed write to a table whose reads are kept. */
export const CHANGE_NOTICE_CHANNEL = 'change_notice'

/** How a driver listens: resolves once it does, with a way to stop; calls `lost` if it stops by itself. */
export type Listen = (notice: () => void, lost: () => void) => Promise<() => Promise<void>>

/** Where the listener says it stopped or started hearing (the database's log; pino's signature). */
export interface NoticesLog {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

const RETRY_FIRST_MS = 500
const RETRY_LAST_MS = 30_000

/**
 * What this process hears of the database's change notices. `version()`
 * moves at every notice, and whenever notices may have been missed; it is
 * undefined while they are not being heard. Something read at one version
 * may be trusted for as long as the version has not moved (`keptReads`).
 *
 * The drivers also hear the notices of the process's own writes before the
 * write's query resolves (PostgreSQL sends a listening session its own
 * notices before it is ready for the next query; PGlite calls its listeners
 * first), so a process never trusts a read older than its own last write.
 */
export class ChangeNotices {
  #version = 0
  #hearing = false
  #closed = false
  #started = false
  #stop: (() => Promise<void>) | undefined
  #retry: NodeJS.Timeout | undefined
  #retryMs = RETRY_FIRST_MS
  #connecting: Promise<void> | undefined

  constructor(
    private readonly listen: Listen,
    private readonly log?: NoticesLog,
  ) {}

  /** A change: whatever was read before it is stale. */
  readonly notice = () => {
    this.#version++
  }

  /** Whether notices are heard now (for metrics: does not start listening). */
  get listening() {
    return this.#hearing
  }

  /** The current version, or undefined while notices are not heard (starts listening on the first call). */
  version(): number | undefined {
    if (!this.#started) {
      this.#started = true
      this.#connecting = this.#connect()
    }
    return this.#hearing ? this.#version : undefined
  }

  /** Whether notices are heard, once the first attempt to listen is over (readiness: starts listening). */
  async heard(): Promise<boolean> {
    this.version()
    await this.#connecting
    return this.#hearing
  }

  async close() {
    this.#closed = true
    this.#hearing = false
    clearTimeout(this.#retry)
    await this.#stop?.().catch(() => {})
  }

  async #connect() {
    try {
      const stop = await this.listen(this.notice, this.#lost)
      if (this.#closed) return void (await stop().catch(() => {}))
      this.#stop = stop
      // Notices sent before now were not heard.
      this.#version++
      this.#hearing = true
      if (this.#retryMs !== RETRY_FIRST_MS) this.log?.info({}, 'change notices heard again')
      this.#retryMs = RETRY_FIRST_MS
    } catch (error) {
      // Nothing is kept meanwhile: every read goes to the database.
      this.log?.warn(
        { err: error, retryInMs: this.#retryMs },
        'change notices cannot be heard: nothing is kept, every read goes to the database',
      )
      this.#lost()
    }
  }

  readonly #lost = () => {
    if (this.#hearing) {
      listenerLosses.inc({})
      this.log?.warn({ retryInMs: this.#retryMs }, 'change notices lost: nothing is kept until they are heard again')
    }
    this.#hearing = false
    this.#version++
    if (this.#closed || this.#retry) return
    void this.#stop?.().catch(() => {})
    this.#stop = undefined
    this.#retry = setTimeout(() => {
      this.#retry = undefined
      void this.#connect()
    }, this.#retryMs)
    this.#retry.unref()
    this.#retryMs = Math.min(this.#retryMs * 2, RETRY_LAST_MS)
  }
}

// On globalThis: the build holds two copies of this module (nitro's entry bundle, which opens the database, and the SSR bundle).
const noticesKey = Symbol.for('start-books.change-notices')
const noticesOf = ((globalThis as { [noticesKey]?: WeakMap<Database, ChangeNotices> })[noticesKey] ??= new WeakMap())

const listenerLosses = tally(
  'start_books_change_notices_lost_total',
  'Times the change-notice listener lost its connection',
  [],
)

/** Whether a database's change notices are heard (readiness), once the first attempt to listen is over. */
export async function changeNoticesHeard(db: Database): Promise<boolean> {
  return (await noticesOf.get(db)?.heard()) ?? false
}

/** Registers the notices a database's driver hears (client.server.ts). */
export function hearChangeNotices(db: Database, notices: ChangeNotices) {
  noticesOf.set(db, notices)
  gauge('start_books_change_notices_listening', '1 while the change-notice listener hears the database', [], () => [
    { labels: {}, value: notices.listening ? 1 : 0 },
  ])
}

interface Kept<T> {
  value: T
  at: number
}

/** A table of the schema, by its SQL name. */
type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends Table ? (typeof schema)[K]['_']['name'] : never
}[keyof typeof schema]

/**
 * What a kept read declares beside its registration, and
 * fast-paths.integration.test.ts proves: every table its queries read, each
 * with a trigger that announces its writes (migrations 0006 to 0008).
 */
export interface KeptReadDeclaration {
  name: string
  reads: readonly TableName[]
  /**
   * Read tables whose inserts cannot change what is kept (rows looked up by
   * key: an absent row is never kept), so need not be announced.
   */
  insertsCannotChange?: readonly TableName[]
}

/** Every kept read of the server, by name (filled as their modules load). */
export const KEPT_READS = new Map<string, KeptReadDeclaration>()

/**
 * Reads kept by key until the database announces a change (any notice empties
 * them), at most `maxAgeMs` and `max` of them per database. A database whose
 * notices are not heard (not registered, or its listener down) is read every
 * time. `read` resolving to undefined is not kept.
 */
export function keptReads<T>({
  max,
  maxAgeMs,
  ...declaration
}: KeptReadDeclaration & { max: number; maxAgeMs: number }) {
  // Set, not refused when present: a module reloaded in development registers its read again.
  KEPT_READS.set(declaration.name, declaration)
  const kept = new WeakMap<Database, { version: number; entries: Map<string, Kept<T>> }>()
  const tallyMiss = () => fastPathTally.inc({ path: declaration.name, result: 'miss' })
  return async (db: Database, key: string, read: () => Promise<T | undefined>): Promise<T | undefined> => {
    const notices = noticesOf.get(db)
    const version = notices?.version()
    if (version === undefined) {
      tallyMiss()
      return read()
    }
    let cache = kept.get(db)
    if (cache?.version !== version) kept.set(db, (cache = { version, entries: new Map() }))
    const at = Date.now()
    const hit = cache.entries.get(key)
    if (hit && at - hit.at < maxAgeMs) {
      fastPathTally.inc({ path: declaration.name, result: 'hit' })
      return hit.value
    }
    tallyMiss()
    const value = await read()
    // Kept only if no change was announced while it was read.
    if (value === undefined || notices!.version() !== version) return value
    cache.entries.delete(key)
    if (cache.entries.size >= max) cache.entries.delete(cache.entries.keys().next().value!)
    cache.entries.set(key, { value, at })
    return value
  }
}
