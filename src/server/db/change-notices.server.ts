// Relative, with its extension: vite.config.ts loads this file (through the database client) as Node does.
import { processWide } from '../platform/process-wide.server.ts'
import { gauge, tally } from '../platform/tallies.server.ts'
import type { Database } from './database.ts'

/** The channel of migrations 0007, 0026, 0027 and 0028: a notice after every committed write to a table whose reads are kept. */
export const CHANGE_NOTICE_CHANNEL = 'change_notice'

/**
 * How a driver listens: resolves once it does, with a way to stop; calls
 * `notice` with each notice's payload, `lost` if it stops by itself.
 */
export type Listen = (notice: (payload?: string) => void, lost: () => void) => Promise<() => Promise<void>>

/**
 * What changed since a version: the keys a notice named ("table:key",
 * migration 0027; "table#column", an order, 0028), or `everything` (a notice that names nothing, a lost or
 * new listener, or notices too far back to be remembered).
 */
export type Changes = readonly string[] | 'everything'

/** How many notices are remembered for the reads that began before them. */
const REMEMBERED_NOTICES = 1024

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
 * undefined while they are not being heard. `changesSince(version)` says
 * what moved it: the keys the notices named, or everything. Something read
 * at one version may be trusted for as long as nothing it depends on has
 * changed since (`keptReads`).
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
  /** The last notices, oldest first: the version each made, and what it named (undefined: everything). */
  #recent: Array<{ version: number; keys: readonly string[] | undefined }> = []

  constructor(
    private readonly listen: Listen,
    private readonly log?: NoticesLog,
  ) {}

  /** A change: whatever was read before it, of the keys it names (all if none), is stale. */
  readonly notice = (payload?: string) => {
    this.#moved(payload ? payload.split(',') : undefined)
  }

  #moved(keys: readonly string[] | undefined) {
    this.#version++
    this.#recent.push({ version: this.#version, keys })
    if (this.#recent.length > 2 * REMEMBERED_NOTICES) this.#recent.splice(0, REMEMBERED_NOTICES)
  }

  /** What changed after `version` (one that `version()` gave). */
  changesSince(version: number): Changes {
    if (version === this.#version) return []
    // The notices remembered have consecutive versions: the one after `version` is found by subtraction, not a scan
    // (a kept read asks at every miss, with up to 2,048 remembered).
    const first = version + 1 - (this.#recent[0]?.version ?? Infinity)
    // Not remembered that far back (or a version never given).
    if (!(first >= 0 && first < this.#recent.length) || this.#recent[first]!.version !== version + 1)
      return 'everything'
    const keys: string[] = []
    for (let i = first; i < this.#recent.length; i++) {
      const named = this.#recent[i]!.keys
      if (!named) return 'everything'
      keys.push(...named)
    }
    return keys
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
      this.#moved(undefined)
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
    this.#moved(undefined)
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

// One per process: the build holds two copies of this module (nitro's entry bundle, which opens the database, and the SSR bundle).
const noticesOf = processWide('change-notices', () => new WeakMap<Database, ChangeNotices>())

const listenerLosses = tally(
  'start_books_change_notices_lost_total',
  'Times the change-notice listener lost its connection',
  [],
)

/** What a database's driver hears of its change notices; undefined before it is opened (or for a database of a test's own). */
export function changeNoticesOf(db: Database): ChangeNotices | undefined {
  return noticesOf.get(db)
}

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
