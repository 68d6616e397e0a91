import { and, type AnyColumn, type SQL, sql } from 'drizzle-orm'

import type { KeysetCursor } from '@/lib/pagination'
import { apiError } from '@/server/http/api-errors.server'

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

/** A list's keyset order: a sort column, then the id for ties, both ascending or both descending. */
export interface KeysetOrder {
  sort: AnyColumn
  id: AnyColumn
  descending?: boolean
}

/** Rows after the cursor in the order: a row comparison the (sort, id) index serves. */
export function afterCursor(order: KeysetOrder, cursor: string | undefined): SQL | undefined {
  return cursor ? afterKey(order, decodeCursor(cursor)) : undefined
}

/** The same comparison with a cursor's values, or the placeholders of a prepared query. */
export function afterKey(order: KeysetOrder, { sort, id }: { sort: unknown; id: unknown }): SQL {
  return afterRow(order, sql`(${sort}, ${id})`)
}

/** Rows after `row` (an SQL row of a sort key and an id) in the order. */
export const afterRow = (order: KeysetOrder, row: SQL) =>
  order.descending ? sql`(${order.sort}, ${order.id}) < ${row}` : sql`(${order.sort}, ${order.id}) > ${row}`

/**
 * Newest first on (time, id): rows strictly before the cursor. The cursor
 * keeps the database's own text of the time (microseconds), so no row is
 * skipped or repeated between pages.
 */
export function beforeCursor(timeColumn: AnyColumn, idColumn: AnyColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined
  const { sort, id } = decodeCursor(cursor)
  return sql`(${timeColumn}, ${idColumn}) < (${sort}::timestamptz, ${id})`
}

/** `order by` of the order, or of its reverse. */
export function orderBy(order: KeysetOrder, reversed = false): SQL {
  const direction = Boolean(order.descending) === reversed ? sql`asc` : sql`desc`
  return sql`${order.sort} ${direction}, ${order.id} ${direction}`
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
