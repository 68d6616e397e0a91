import { processWide } from '../platform/process-wide.server.ts'
import type { Database } from './database.ts'

/**
 * Streaming replicas for the reads that tolerate a little lag
 * (DATABASE_REPLICA_URLS; docs/deploy/past-one-machine.md#replicas).
 *
 * Every `POLL_MS` the primary's WAL position is sampled and each replica's
 * replay position read. A replica has replayed everything the primary had
 * written at the newest sample its position reaches: its lag is at most the
 * age of that sample (so an idle primary shows no lag). A replica further
 * behind than `maxLagMs`, or that did not answer its last poll, is skipped,
 * and the primary answers.
 */
export interface Replica {
  name: string
  db: Database
  /** Its replay position (`pg_last_wal_replay_lsn`). */
  replayed(): Promise<string>
}

export interface ReplicaSetOptions {
  primary: Database
  /** The primary's WAL position now (`pg_current_wal_lsn`). */
  position(): Promise<string>
  replicas: Replica[]
  maxLagMs: number
}

const POLL_MS = 250

interface State {
  /** The primary's sample the replica has replayed past, when it answered its last poll. */
  freshAt?: number
  replayed?: bigint
}

export class ReplicaSet {
  readonly #options: ReplicaSetOptions
  readonly #states = new Map<Replica, State>()
  #samples: { at: number; lsn: bigint }[] = []
  #timer: NodeJS.Timeout | undefined
  #next = 0
  /** Each writer's last write (the primary's position after it), for reading it back. */
  readonly #writes = new Map<string, { lsn: string; at: number }>()

  constructor(options: ReplicaSetOptions) {
    this.#options = options
    for (const replica of options.replicas) this.#states.set(replica, {})
    this.#timer = setInterval(() => void this.poll(), POLL_MS)
    this.#timer.unref()
  }

  /**
   * Where a read that tolerates lag goes: a fresh replica (in turn) that has
   * replayed past `writtenAt` (the reader's last write, for reading it back),
   * else the primary.
   */
  reader(writtenAt?: string): Database {
    const now = Date.now()
    const after = writtenAt === undefined ? 0n : parseLsn(writtenAt)
    const usable = this.#options.replicas.filter((replica) => {
      const state = this.#states.get(replica)!
      return (
        state.freshAt !== undefined &&
        now - state.freshAt <= this.#options.maxLagMs &&
        state.replayed !== undefined &&
        state.replayed >= after
      )
    })
    if (usable.length === 0) return this.#options.primary
    return usable[this.#next++ % usable.length]!.db
  }

  /** The primary's WAL position now: after a write, what its writer's reads must wait for. */
  position(): Promise<string> {
    return this.#options.position()
  }

  /** How far behind a replica may be: past it, no one's write needs remembering. */
  get maxLagMs() {
    return this.#options.maxLagMs
  }

  /** After `writer`'s write: their reads go to the primary until a replica has replayed it. Returns its position. */
  async wrote(writer: string): Promise<string> {
    const lsn = await this.position()
    const now = Date.now()
    this.#writes.delete(writer)
    this.#writes.set(writer, { lsn, at: now })
    // Past the lag bound no replica that is behind it is used anyway.
    for (const [key, write] of this.#writes) {
      if (now - write.at <= this.#options.maxLagMs) break
      this.#writes.delete(key)
    }
    return lsn
  }

  /**
   * Where `reader`'s read that tolerates lag goes: a replica that has their
   * own last write (remembered here, or `writtenAt` from another process's
   * cookie, the later of the two), else the primary.
   */
  readerFor(reader: string | undefined, writtenAt?: string): Database {
    const remembered = reader === undefined ? undefined : this.#writes.get(reader)?.lsn
    return this.reader(laterOf(remembered, writtenAt))
  }

  /** One poll: the primary's position, then each replica's. */
  async poll() {
    const now = Date.now()
    try {
      this.#samples.push({ at: now, lsn: parseLsn(await this.#options.position()) })
    } catch {
      // The primary's own troubles show elsewhere; the replicas' last samples stand.
    }
    // Samples older than the lag bound cannot make a replica usable.
    this.#samples = this.#samples.filter((sample) => now - sample.at <= this.#options.maxLagMs + POLL_MS)
    await Promise.all(
      this.#options.replicas.map(async (replica) => {
        const state = this.#states.get(replica)!
        try {
          const replayed = parseLsn(await replica.replayed())
          const reached = this.#samples.findLast((sample) => sample.lsn <= replayed)
          state.replayed = replayed
          state.freshAt = reached?.at
        } catch {
          state.freshAt = undefined
        }
      }),
    )
  }

  /** Each replica's lag in seconds (the age of the primary's newest sample it has replayed), or undefined when skipped. */
  lags(): { name: string; seconds: number | undefined }[] {
    const now = Date.now()
    return this.#options.replicas.map((replica) => {
      const freshAt = this.#states.get(replica)!.freshAt
      return { name: replica.name, seconds: freshAt === undefined ? undefined : (now - freshAt) / 1000 }
    })
  }

  close() {
    clearInterval(this.#timer)
  }
}

const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i

function laterOf(a: string | undefined, b: string | undefined) {
  if (a === undefined || b === undefined) return a ?? b
  return parseLsn(a) >= parseLsn(b) ? a : b
}

/** A WAL position `16/B374D848` as a number. */
function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/')
  if (!high || !low) throw new Error(`not a WAL position: ${lsn}`)
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`)
}

const replicasOf = processWide('replicas', () => new WeakMap<Database, ReplicaSet>())

/** Registers a database's replicas (client.server.ts). */
export function registerReplicas(db: Database, replicas: ReplicaSet) {
  replicasOf.set(db, replicas)
}

/** The replicas of a database, if it has any. */
export function replicasOfDatabase(db: Database): ReplicaSet | undefined {
  return replicasOf.get(db)
}

/**
 * Where a read that tolerates a little lag goes (lists, counts, the
 * dashboard): a fresh replica that has replayed the reader's last write in
 * this process (`readerId`: the person's id, see `rememberWrite`), else `db`
 * itself. Never for a read inside a write, the session, rights checks or
 * what is kept until a notice (a notice comes from the primary, before the
 * replica has replayed the write).
 */
export function laggingReader(db: Database, readerId?: string, writtenAt?: string): Database {
  return replicasOf.get(db)?.readerFor(readerId, writtenAt) ?? db
}

/**
 * `laggingReader` for a request: the person's last write is also the one a
 * `WRITTEN_COOKIE` carries, set by whichever instance made it (behind a load
 * balancer, their next request may reach another). A forged or stale
 * position only sends their own reads to the primary.
 */
export function requestReader(context: { db: Database; headers: Headers }, readerId: string): Database {
  return laggingReader(context.db, readerId, writtenAtOf(context.headers))
}

/** The primary's position after a person's last write, for instances that did not make it. */
export const WRITTEN_COOKIE = 'start-books.written'

function writtenAtOf(headers: Headers): string | undefined {
  for (const pair of headers.get('cookie')?.split(';') ?? []) {
    const [name, value] = pair.trim().split('=')
    if (name === WRITTEN_COOKIE && value && LSN.test(value)) return value
  }
  return undefined
}

/**
 * After a write by `writerId`: their reads go to the primary until a replica
 * has replayed it. Returns the `Set-Cookie` value carrying the write's
 * position to the other instances, for as long as a replica may lag; none
 * without replicas.
 */
export async function rememberWrite(db: Database, writerId: string, secure: boolean): Promise<string | undefined> {
  const replicas = replicasOf.get(db)
  if (!replicas) return undefined
  const lsn = await replicas.wrote(writerId)
  const maxAge = Math.ceil(replicas.maxLagMs / 1000)
  return `${WRITTEN_COOKIE}=${lsn}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
