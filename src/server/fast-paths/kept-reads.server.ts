import type { Table } from 'drizzle-orm'

import { type ChangeNotices, changeNoticesOf } from '@/server/db/change-notices.server'
import type { Database } from '@/server/db/client.server'
import type * as schema from '@/server/db/schema'
import { fastPathTally } from '@/server/platform/tallies.server'

interface Kept<T> {
  value: T
  at: number
  dependsOn: readonly string[]
}

/** A table of the schema, by its SQL name. */
type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends Table ? (typeof schema)[K]['_']['name'] : never
}[keyof typeof schema]

/**
 * What a kept read declares beside its registration, and
 * fast-paths.integration.test.ts proves: every table its queries read, each
 * with a trigger that announces its writes by key (migration 0027), and the
 * keys each kept value depends on.
 */
export interface KeptReadDeclaration {
  name: string
  reads: readonly TableName[]
  /**
   * Read tables whose inserts cannot change what is kept (rows looked up by
   * key: an absent row is never kept), so need not be announced.
   */
  insertsCannotChange?: readonly TableName[]
  /**
   * The keys a kept value depends on, as the notices name them: a row,
   * `table:key` (its key column as text: `user:<id>`), a table's order by a
   * column, `table#column` (a row added or removed, or that column changed:
   * migration 0028), or a whole table (`book`: any of its rows). Every table
   * of `reads` must be among them.
   */
  dependsOn(value: never): readonly string[]
  /** The keys the values kept now depend on, for the test that proves them. */
  keptDependencies(db: Database): string[]
}

/** Every kept read of the server, by name (filled as their modules load). */
export const KEPT_READS = new Map<string, KeptReadDeclaration>()

/** The table of a notice's key (`user:<id>` is one of `user`'s rows, `book#title` is `book`'s order by title). */
export const tableOf = (key: string) => /^[^:#]*/.exec(key)![0]

/** Whether a change of `changed` (named by a notice) may change a value that depends on `dependsOn`. */
function touches(changed: readonly string[], dependsOn: readonly string[]) {
  return changed.some((key) => dependsOn.includes(key) || dependsOn.includes(tableOf(key)))
}

/** The values kept for one database, and which of them each key's change forgets. */
class KeptValues<T> {
  readonly entries = new Map<string, Kept<T>>()
  readonly #byDependency = new Map<string, Set<string>>()

  constructor(public version: number) {}

  keep(key: string, kept: Kept<T>) {
    this.forget(key)
    this.entries.set(key, kept)
    for (const dependency of kept.dependsOn) {
      let keys = this.#byDependency.get(dependency)
      if (!keys) this.#byDependency.set(dependency, (keys = new Set()))
      keys.add(key)
    }
  }

  forget(key: string) {
    const kept = this.entries.get(key)
    if (!kept) return
    this.entries.delete(key)
    for (const dependency of kept.dependsOn) {
      const keys = this.#byDependency.get(dependency)
      keys?.delete(key)
      if (keys?.size === 0) this.#byDependency.delete(dependency)
    }
  }

  /** Forgets what depends on a changed row (`user:<id>`): on that row, or on its whole table. */
  changed(changed: string) {
    for (const dependency of new Set([changed, tableOf(changed)]))
      for (const key of [...(this.#byDependency.get(dependency) ?? [])]) this.forget(key)
  }
}

/**
 * Reads kept by key until the database announces a change of something they
 * depend on (`dependsOn`; a notice that names nothing forgets them all), at
 * most `maxAgeMs` and `max` of them per database. A database whose notices
 * are not heard (not registered, or its listener down) is read every time.
 * `read` resolving to undefined is not kept.
 */
export function keptReads<T>({
  max,
  maxAgeMs,
  dependsOn,
  ...declared
}: Omit<KeptReadDeclaration, 'dependsOn' | 'keptDependencies'> & {
  dependsOn: (value: T) => readonly string[]
  max: number
  maxAgeMs: number
}) {
  const kept = new WeakMap<Database, KeptValues<T>>()
  const declaration: KeptReadDeclaration = {
    ...declared,
    dependsOn: dependsOn as KeptReadDeclaration['dependsOn'],
    keptDependencies: (db) => [...new Set([...(kept.get(db)?.entries.values() ?? [])].flatMap((k) => k.dependsOn))],
  }
  // Set, not refused when present: a module reloaded in development registers its read again.
  KEPT_READS.set(declaration.name, declaration)
  const tallyMiss = () => fastPathTally.inc({ path: declaration.name, result: 'miss' })

  /** What is kept for `db`, with every change announced up to `version` forgotten. */
  const keptUpTo = (db: Database, notices: ChangeNotices, version: number) => {
    let values = kept.get(db)
    if (values?.version === version) return values
    const changes = values ? notices.changesSince(values.version) : 'everything'
    if (changes === 'everything') kept.set(db, (values = new KeptValues(version)))
    else {
      for (const key of changes) values!.changed(key)
      values!.version = version
    }
    return values!
  }

  /** The value kept for `key` now, if any (every change announced so far forgotten first). */
  const lookup = (db: Database, notices: ChangeNotices, key: string) => {
    const version = notices.version()
    if (version === undefined) return undefined
    const hit = keptUpTo(db, notices, version).entries.get(key)
    return hit && Date.now() - hit.at < maxAgeMs ? hit : undefined
  }

  /**
   * The reads in flight per database and key, each resolving to whether it
   * was kept: a lookup that misses while the same key is being read waits for
   * that read instead of sending its own (after a write forgets a popular
   * value, the requests that arrive during its one re-read all share it). A
   * read that fails fails them too: a database that does not answer is not
   * asked again by each, each waiting for its own timeout after the first's.
   */
  const inFlight = new WeakMap<Database, Map<string, Promise<boolean>>>()

  /** Reads `key` and keeps the value, unless something it depends on was announced meanwhile. */
  const readAndKeep = async (db: Database, notices: ChangeNotices, key: string, read: () => Promise<T | undefined>) => {
    const version = notices.version()
    if (version === undefined) return read()
    const at = Date.now()
    let reads = inFlight.get(db)
    if (!reads) inFlight.set(db, (reads = new Map()))
    const owner = !reads.has(key)
    let settle!: (kept: boolean) => void
    let fail!: (error: unknown) => void
    if (owner) {
      const flight = new Promise<boolean>((resolve, reject) => ((settle = resolve), (fail = reject)))
      // Nobody may be waiting for it.
      flight.catch(() => {})
      reads.set(key, flight)
    }
    let kept = false
    try {
      const value = await read()
      if (value === undefined) return value
      const now = notices.version()
      if (now === undefined) return value
      // Kept only if nothing it depends on was announced while it was read.
      const keys = dependsOn(value)
      const changes = notices.changesSince(version)
      if (changes === 'everything' || touches(changes, keys)) return value
      const current = keptUpTo(db, notices, now)
      current.forget(key)
      if (current.entries.size >= max) current.forget(current.entries.keys().next().value!)
      current.keep(key, { value, at, dependsOn: keys })
      kept = true
      return value
    } catch (error) {
      if (owner) fail(error)
      throw error
    } finally {
      if (owner) {
        reads.delete(key)
        settle(kept)
      }
    }
  }

  return async (db: Database, key: string, read: () => Promise<T | undefined>): Promise<T | undefined> => {
    const notices = changeNoticesOf(db)
    if (notices?.version() === undefined) {
      tallyMiss()
      return read()
    }
    const hit = lookup(db, notices, key)
    if (hit) {
      fastPathTally.inc({ path: declaration.name, result: 'hit' })
      return hit.value
    }
    // Joined: the read in flight was kept, and nothing announced since forgot it: as a hit just after it was kept.
    // If it fails, so does this lookup.
    const reading = inFlight.get(db)?.get(key)
    const joined = reading && (await reading) ? lookup(db, notices, key) : undefined
    if (joined) {
      fastPathTally.inc({ path: declaration.name, result: 'joined' })
      return joined.value
    }
    tallyMiss()
    return readAndKeep(db, notices, key, read)
  }
}
