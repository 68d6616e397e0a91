import { count, getTableName, type SQL, sql } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'

import type { Database } from '@/server/db/client.server'
import { rowCount } from '@/server/db/schema'

/**
 * A search's total is counted up to this many matches and shown as '1,000+'
 * beyond (a product decision, docs/performance.md): counting every match of
 * a common word in a million rows costs ~100 ms, stopping at 1,001 a few.
 */
export const TOTAL_CAP = 1000

/** A list's total: exact, or (`totalCapped`) at least `total` matches. */
export interface ListTotal {
  total: number | null
  totalCapped: boolean
}

const exactly = (total: number): ListTotal => ({ total, totalCapped: false })

/** A next page's total: none, the client keeps the first page's figure. */
const NEXT_PAGE: ListTotal = { total: null, totalCapped: false }

/**
 * A page's rows and, on a first page, its total counted beside them. The
 * total is for the first page only (null on the next ones, the client keeps
 * the first figure). The two queries are sent at once: at a million rows a
 * search's page and its count take tens of milliseconds each, and side by
 * side (two connections of the pool) the answer waits for the slower one
 * instead of both in turn. The count's figure is dropped when the page is
 * not full, as the rows are then every match. (The large lists count in
 * their page's own statement: `firstPageTotalColumn`.)
 */
export async function pageWithTotal<Row>(
  input: { cursor?: string; limit: number },
  list: () => PromiseLike<Row[]>,
  count: () => PromiseLike<ListTotal>,
): Promise<{ rows: Row[]; total: ListTotal }> {
  if (input.cursor) return { rows: await list(), total: NEXT_PAGE }
  const [rows, counted] = await Promise.all([list(), count()])
  return { rows, total: rows.length <= input.limit ? exactly(rows.length) : counted }
}

/** A count every match of which is read: for small sets (genres, one user's sessions). */
export async function exactCount(query: PromiseLike<Array<{ value: number }>>): Promise<ListTotal> {
  const [row] = await query
  return exactly(row!.value)
}

/** `select count(*) from (<matches> limit TOTAL_CAP + 1)`: the scan stops after the cap. */
export function cappedCountQuery(db: Database, matches: PgSelect) {
  return db.select({ value: count() }).from(matches.limit(TOTAL_CAP + 1).as('matches'))
}

/**
 * A first page's total as a column of its rows, counted in the page's own
 * statement (one round trip, one connection; PostgreSQL runs the uncorrelated
 * subquery once): the table's row counter (migration 0005: exact, maintained
 * by triggers) when unfiltered, else the matches of `filter` counted up to
 * the cap. `filter` reads `table` under its own name, as in the page.
 */
export function firstPageTotalColumn(table: PgTable, filter: SQL | undefined) {
  if (!filter) {
    return sql<number>`(select ${rowCount.rows} from ${rowCount} where ${rowCount.tableName} = ${getTableName(table)})`.mapWith(
      Number,
    )
  }
  return sql<number>`(select count(*) from (select 1 from ${table} where ${filter} limit ${TOTAL_CAP + 1}) as matches)`.mapWith(
    Number,
  )
}

/**
 * The total of a page whose first-page rows carry `firstPageTotalColumn`
 * (`listTotal`, null on a next page): none on a next page; the number of rows
 * when the page is not full (every match is there; also when there is none,
 * and no row carries the column); else the column's figure, at least
 * `TOTAL_CAP` (`totalCapped`) past the cap of a filtered list.
 */
export function totalOfRows(
  input: { cursor?: string; limit: number },
  rows: ReadonlyArray<{ listTotal: number | null }>,
  filtered: boolean,
): ListTotal {
  if (input.cursor) return NEXT_PAGE
  if (rows.length <= input.limit) return exactly(rows.length)
  const counted = rows[0]!.listTotal ?? rows.length
  return filtered && counted > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : exactly(counted)
}
