import { count, eq, getTableName, sql } from 'drizzle-orm'
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
 * not full, as the rows are then every match. (An unfiltered page whose rows
 * carry the table's counter needs no count: `totalOfTable`.)
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

/** The matches counted up to the cap: exact below it, at least `TOTAL_CAP` (`totalCapped`) beyond. */
export async function cappedTotal(db: Database, matches: PgSelect): Promise<ListTotal> {
  const [row] = await cappedCountQuery(db, matches)
  return row!.value > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : exactly(row!.value)
}

/** The table's row count as the database keeps it (migration 0005: exact, maintained by triggers). */
function rowCountQuery(db: Database, table: PgTable) {
  return db
    .select({ rows: rowCount.rows })
    .from(rowCount)
    .where(eq(rowCount.tableName, getTableName(table)))
}

/**
 * The table's row counter as a column of a page's rows (a scalar subquery on
 * the counter's primary key): an unfiltered first page then takes one round
 * trip to the database, not two (see `totalOfTable`).
 */
export function tableRowsColumn(table: PgTable) {
  return sql<number>`(select ${rowCount.rows} from ${rowCount} where ${rowCount.tableName} = ${getTableName(table)})`.mapWith(
    Number,
  )
}

/**
 * The total of an unfiltered page whose first-page rows carry `tableRowsColumn`:
 * the counter, or the number of rows when the page is not full (then every
 * row is there; also when the table is empty and no row carries the counter);
 * none on a next page.
 */
export function totalOfTable(
  input: { cursor?: string; limit: number },
  rows: ReadonlyArray<{ tableRows: number | null }>,
): ListTotal {
  if (input.cursor) return NEXT_PAGE
  if (rows.length <= input.limit) return exactly(rows.length)
  return exactly(rows[0]!.tableRows ?? rows.length)
}

/**
 * The first page's total of a large table's list: the database's row counter
 * when unfiltered (exact), the matches counted up to the cap otherwise.
 */
export async function largeListTotal(
  db: Database,
  table: PgTable,
  filtered: boolean,
  matches: () => PgSelect,
): Promise<ListTotal> {
  if (filtered) return cappedTotal(db, matches())
  const [row] = await rowCountQuery(db, table)
  return exactly(row?.rows ?? 0)
}
