import type { Table } from 'drizzle-orm'

import { changeNoticesOf } from '@/server/db/change-notices.server'
import type { Database } from '@/server/db/client.server'
import type * as schema from '@/server/db/schema'
import { fastPathTally } from '@/server/platform/tallies.server'

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
    const notices = changeNoticesOf(db)
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
