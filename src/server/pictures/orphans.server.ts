import { and, inArray, isNotNull } from 'drizzle-orm'

import type { Env } from '@/lib/env.server'
import { PICTURE_HASH_PATTERN, PICTURE_KINDS, type PictureKind } from '@/lib/pictures/shapes'
import type { Database } from '@/server/db/client.server'
import { book, user } from '@/server/db/schema'

import { pictureStore } from './storage.server'

/** An upload writes its files before its row points to them: younger files may be one in progress. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000
/** Owners looked up per query. */
const BATCH = 500

/** The rows that point to pictures: a book's cover, a user's avatar. */
const OWNERS = {
  covers: { table: book, id: book.id, hash: book.cover },
  avatars: { table: user, id: user.id, hash: user.avatar },
} as const satisfies Record<PictureKind, unknown>

/** `<kind>/<owner>/<hash>-<width>.webp` (storage.server.ts's fileKey); anything else under a kind is no picture. */
const KEY = /^[^/]+\/([^/]+)\/([^/]+)-\d+\.webp$/

/**
 * Deletes the stored picture files no row points to any more (a replace or a
 * delete cut short, a leftover half-written file), on either store. Only
 * files older than an hour: an upload in progress is never raced. Answers
 * how many files went. The job `cleanup.orphaned-pictures` runs it nightly.
 */
export async function deleteOrphanedPictures(db: Database, config: Env, now = Date.now()) {
  const store = await pictureStore(config)
  let deleted = 0
  for (const kind of PICTURE_KINDS) {
    const old: Array<{ key: string; owner?: string; hash?: string }> = []
    for await (const file of store.list(`${kind}/`)) {
      if (now - file.modifiedAt.getTime() < ORPHAN_MIN_AGE_MS) continue
      const [, owner, hash] = KEY.exec(file.key) ?? []
      old.push({ key: file.key, owner, hash: hash && PICTURE_HASH_PATTERN.test(hash) ? hash : undefined })
    }
    const { table, id, hash } = OWNERS[kind]
    const owners = [...new Set(old.flatMap((file) => (file.owner ? [file.owner] : [])))]
    const current = new Set<string>()
    for (let start = 0; start < owners.length; start += BATCH) {
      const rows = await db
        .select({ id, hash })
        .from(table)
        .where(and(inArray(id, owners.slice(start, start + BATCH)), isNotNull(hash)))
      for (const row of rows) current.add(`${row.id}/${row.hash}`)
    }
    const orphans = old.filter((file) => !file.hash || !current.has(`${file.owner}/${file.hash}`))
    for (let start = 0; start < orphans.length; start += BATCH)
      await store.delete(orphans.slice(start, start + BATCH).map((file) => file.key))
    deleted += orphans.length
  }
  return deleted
}
