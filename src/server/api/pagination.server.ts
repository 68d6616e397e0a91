import { and, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { KeysetCursor } from '@/lib/pagination'
import { apiError } from './errors.server'

/**
 * Keyset pagination on (sort key, id): each page starts strictly after the
 * last row of the previous one, so ties on the sort key never skip or repeat
 * a row, and a page costs the same on row 20 and on row 1,000,000 (an index
 * on (sort key, id) serves it).
 */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.id])).toString('base64url')
}

export function decodeCursor(value: string): KeysetCursor {
  try {
    const [sort, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[]
    if (typeof sort === 'string' && typeof id === 'string') return { sort, id }
  } catch {
    // falls through to the error below
  }
  throw apiError('BAD_REQUEST', 'ui:api.invalidCursor', { field: 'cursor' })
}

/** Rows after the cursor, in (sort, id) order: a row comparison the (sort, id) index serves. */
export function afterCursor(sortColumn: AnyColumn, idColumn: AnyColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined
  const { sort, id } = decodeCursor(cursor)
  return sql`(${sortColumn}, ${idColumn}) > (${sort}, ${id})`
}

/** `ILIKE '%term%'` on any of the columns (served by their pg_trgm GIN indexes); the term's wildcards are literal. */
export function searchWhere(searchTerm: string, columns: AnyColumn[]): SQL | undefined {
  const term = searchTerm.trim()
  if (!term) return undefined
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(...columns.map((column) => ilike(column, pattern)))
}

/** Combines optional conditions (undefined ones are left out). */
export function allOf(...conditions: Array<SQL | undefined>) {
  return and(...conditions.filter(Boolean))
}

/**
 * One page from `limit + 1` fetched rows: the extra row only tells whether a
 * next page exists.
 */
export function toPage<Row extends { id: string }>(rows: Row[], limit: number, sortOf: (row: Row) => string) {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  const nextCursor = rows.length > limit && last ? encodeCursor({ sort: sortOf(last), id: last.id }) : null
  return { items, nextCursor }
}


/**
 * A list's total: counted for the first page only (null on the next ones,
 * the client keeps the first figure), and not even then when the first page
 * is not full, as it already holds every match.
 */
export async function firstPageTotal(
  input: { cursor?: string; limit: number },
  rows: readonly unknown[],
  countAll: () => PromiseLike<Array<{ value: number }>>,
): Promise<number | null> {
  if (input.cursor) return null
  if (rows.length <= input.limit) return rows.length
  return (await countAll())[0]!.value
}
