import { and, type AnyColumn, count, eq, getTableName, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'

import type { KeysetCursor } from '@/lib/pagination'
import type { Database } from '@/server/db/client.server'
import { rowCount } from '@/server/db/schema'

import { apiError } from '../http/api-errors.server'

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

const afterRow = (order: KeysetOrder, row: SQL) =>
  order.descending ? sql`(${order.sort}, ${order.id}) < ${row}` : sql`(${order.sort}, ${order.id}) > ${row}`

/** `order by` of the order, or of its reverse. */
export function orderBy(order: KeysetOrder, reversed = false): SQL {
  const direction = Boolean(order.descending) === reversed ? sql`asc` : sql`desc`
  return sql`${order.sort} ${direction}, ${order.id} ${direction}`
}

/** How many rows of the order a filtered page reads from the order's index before it weighs the matches. */
export const FILTERED_WALK = 1000

/**
 * A filter with at most this many matches is read from its own index and
 * sorted (10 pages); counting more would cost a common filter more than the
 * walk it might save (each match a row of the table read).
 */
export const FEW_MATCHES = 200

/**
 * The ids of one page of `table`'s rows that match `filter`, after `after`, in
 * the order: fast wherever the matches sit in that order, one statement
 * (docs/decisions/032-filtered-pages.md). Three ways, each tried only when the
 * ones before found fewer rows than the page (a `union all` under a limit):
 *
 * 1. the next `FILTERED_WALK` rows of the order (from its index, with
 *    `walkColumns`, the columns `filter` reads), filtered: a common match
 *    spread over the order is found here, whatever the planner estimates;
 * 2. when the walk was full and the filter has at most `FEW_MATCHES` matches in
 *    all (counted from the filter's own index, stopping past them): those
 *    past the walk's end, sorted. A rare match costs the same wherever it sits;
 * 3. otherwise the order's index from the walk's end on, filtered (`offset 0`
 *    keeps the filter off that scan, so that the planner cannot read every
 *    match of a common filter and sort them instead).
 *
 * The walked rows and the matches are read under the table's own name, so
 * `filter` reads them as it reads the table. Only a common match that sits
 * far along the order (after a long run of rows that do not match) still
 * walks to it in 3.
 */
export function filteredPageIds(
  table: PgTable,
  order: KeysetOrder,
  {
    filter,
    after,
    walkColumns,
    rows,
    slices,
  }: {
    filter: SQL
    after: SQL | undefined
    walkColumns: AnyColumn[]
    rows: number | Placeholder
    slices?: OrderSlices
  },
): SQL {
  const name = (column: AnyColumn) => sql.identifier(column.name)
  const walkEnd = sql`(select ${name(order.sort)}, ${name(order.id)} from walk_end)`
  const walkWasFull = sql`(select walked from walk_end) = ${FILTERED_WALK}`
  const matchesCount = sql`(select count(*) from matches)`
  const columns = sql.join([order.id, order.sort], sql`, `)
  const walked = sql.join([...new Set([order.sort, order.id, ...walkColumns])], sql`, `)
  return sql`(with walk as materialized (
    select ${walked} from ${table}
     where ${after ?? sql`true`} order by ${orderBy(order)} limit ${FILTERED_WALK}
  ), walk_end as materialized (
    select ${name(order.sort)}, ${name(order.id)}, (select count(*) from walk) as walked
      from walk as ${table} order by ${orderBy(order, true)} limit 1
  ), matches as materialized (
    select ${columns} from ${table} where ${filter} limit ${FEW_MATCHES + 1}
  )
  select ${name(order.id)} from (
    (select ${columns} from walk as ${table} where ${filter} order by ${orderBy(order)} limit ${rows})
    union all
    (select ${columns} from matches as ${table}
      where ${walkWasFull} and ${matchesCount} <= ${FEW_MATCHES} and ${afterRow(order, walkEnd)}
      order by ${orderBy(order)} limit ${rows})
    union all
    ${
      slices
        ? slicesPastWalk(table, order, {
            filter,
            rows,
            walkEnd,
            slices,
            when: sql`${walkWasFull} and ${matchesCount} > ${FEW_MATCHES}`,
          })
        : sql`(select ${columns} from (
      select ${walked} from ${table} where ${walkWasFull} and ${matchesCount} > ${FEW_MATCHES} and ${afterRow(order, walkEnd)}
       order by ${orderBy(order)} offset 0
    ) as ${table} where ${filter} limit ${rows})`
    }
  ) as ids limit ${rows})`
}

/**
 * A summary of the order in slices of consecutive rows, each with the bits
 * every one of its rows holds (`book_search_slice`, `user_search_slice`: migrations 0014, 0018,
 * docs/decisions/041-search-slices.md): the slices whose bits lack one of
 * `mask`'s hold no match and are skipped.
 */
export interface OrderSlices {
  table: PgTable
  /** The order's name in the summary ('title', 'author'). */
  sort: string
  /** The bits of every match: those of the filter's words (`searchGramsMask`). */
  mask: SQL
}

/**
 * Way 3 of `filteredPageIds` with a summary: the order's index from the walk's
 * end on, in the slices that may hold a match only, each slice a range of the
 * index read in turn, in order and filtered, until the page is full. A common
 * match far along the order then costs the slices before it one bit test
 * each, and its own slice the rows before it. Inside a slice the filter (as
 * `is true`, which no index serves) and a limit let the planner read the
 * order's index in order and stop: outside, it read and sorted the whole
 * slice; as a plain condition, it could build a bitmap of the term's matches
 * in the whole table from the trigram index for each slice it read.
 */
function slicesPastWalk(
  table: PgTable,
  order: KeysetOrder,
  {
    filter,
    rows,
    walkEnd,
    slices,
    when,
  }: { filter: SQL; rows: number | Placeholder; walkEnd: SQL; slices: OrderSlices; when: SQL },
) {
  const key = sql`(${order.sort}, ${order.id})`
  const start = sql`(slice.after_key, slice.after_id)`
  const end = sql`(slice.until_key, slice.until_id)`
  // The slice ends past the walk's end (ascending), or starts before it (descending).
  const reachesPastWalk = order.descending
    ? sql`${start} < ${walkEnd}`
    : sql`(slice.until_key is null or ${end} > ${walkEnd})`
  const inSlice = (last: boolean) => sql`(select ${order.id}, ${order.sort} from ${table}
        where slice.until_key is ${last ? sql`null` : sql`not null`} and ${key} > ${start}
          ${last ? sql`` : sql`and ${key} <= ${end}`} and ${afterRow(order, walkEnd)} and (${filter}) is true
        order by ${orderBy(order)} limit ${rows})`
  return sql`(select ${order.id}, ${order.sort} from (
      select after_key, after_id, until_key, until_id from (
        select slice, after_key, after_id, grams,
               lead(after_key) over (order by slice) as until_key, lead(after_id) over (order by slice) as until_id
          from ${slices.table} where sort = ${slices.sort}
      ) as slice
      where ${when} and (grams & ${slices.mask}) = ${slices.mask} and ${reachesPastWalk}
      order by slice ${order.descending ? sql`desc` : sql`asc`}
    ) as slice cross join lateral (${inSlice(false)} union all ${inSlice(true)}) as ${table}
    limit ${rows})`
}

/** `ILIKE '%term%'` on any of the columns (served by their pg_trgm GIN indexes); the term's wildcards are literal. */
export function searchWhere(searchTerm: string, columns: AnyColumn[]): SQL | undefined {
  const term = searchTerm.trim()
  if (!term) return undefined
  return or(...columns.map((column) => ilike(column, containing(term))))
}

/** The `LIKE` pattern of any text containing `text` (its wildcards literal). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The same match as `searchWhere(searchTerm, columns)`, served by a search
 * column or expression: the columns lower-cased, one per line, with a pg_trgm
 * GIN index (book.search, user.search). `LIKE` on lower-cased text compares bytes where `ILIKE`
 * lower-cases every row it reads (4× the time of a million-row search).
 *
 * The index scans each word of three characters or more: the trigrams inside
 * words, not those at a word's edge ('  o', ' of', 'er '), which most rows
 * hold (on a million books 'Amber Cartographer of Lamu' takes 3 ms as three
 * words, 21 ms as one pattern). The term as typed then filters the rows that
 * hold every word: the same `LIKE` under the "C" collation, byte for byte as
 * well, which the index (of the column's collation) does not serve, while
 * the planner still estimates it as a pattern. A term with no word that long
 * ('a b c') is the pattern the index scans. A term that spans a line break
 * is also checked field by field, as the column's lines are the fields.
 */
export function searchColumnWhere(searchTerm: string, searchColumn: AnyColumn | SQL, columns: AnyColumn[]) {
  const term = searchTerm.trim()
  if (!term) return undefined
  const words = term.split(/\s+/)
  const longWords = longWordsOf(term)
  const holds = (text: string) => sql`${searchColumn} like lower(${containing(text)})`
  const conditions = longWords.map(holds)
  if (longWords.length === 0) conditions.push(holds(term))
  else if (words.length > 1) conditions.push(sql`${holds(term)} collate "C"`)
  return and(...conditions, term.includes('\n') ? searchWhere(term, columns) : undefined)
}

/**
 * The bits (`search_grams`, migration 0014) every row matching
 * `searchColumnWhere(searchTerm, …)` holds in its slice of the order: those
 * of the term's words of three characters or more. None for a term without
 * such a word (every slice may hold it).
 */
export function searchGramsMask(searchTerm: string): SQL | undefined {
  const longWords = longWordsOf(searchTerm.trim())
  if (longWords.length === 0) return undefined
  return sql.join(
    longWords.map((word) => sql`search_grams(lower(${word}))`),
    sql` | `,
  )
}

/** The words of a term the trigram index and the slices' bits can serve: three characters or more. */
const longWordsOf = (term: string) => term.split(/\s+/).filter((word) => word.length >= 3)

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

/**
 * A page's rows and, on a first page, its total: the one way a list gets its
 * total (the whole catalogue's kept first page alone reads the counter in its
 * own row, `totalOfTable`). The total is for the first page only (null on
 * the next ones, the client keeps the first figure). The two queries are sent
 * at once: at a million rows a search's page and its count take tens of
 * milliseconds each, and side by side (two connections of the pool) the
 * answer waits for the slower one instead of both in turn. The count's figure
 * is dropped when the page is not full, as the rows are then every match.
 */
export async function pageWithTotal<Row>(
  input: { cursor?: string; limit: number },
  list: () => PromiseLike<Row[]>,
  count: () => PromiseLike<ListTotal>,
): Promise<{ rows: Row[]; total: ListTotal }> {
  if (input.cursor) return { rows: await list(), total: { total: null, totalCapped: false } }
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

/** The table's row count as the database keeps it (migration 0005: exact, maintained by triggers). */
function rowCountQuery(db: Database, table: PgTable) {
  return db
    .select({ rows: rowCount.rows })
    .from(rowCount)
    .where(eq(rowCount.tableName, getTableName(table)))
}

/**
 * The table's row counter as a column of a page's rows (a scalar subquery on
 * the counter's primary key): the unfiltered first page of a large table then
 * takes one round trip to the database, not two (see `totalOfTable`).
 */
export function tableRowsColumn(table: PgTable) {
  return sql<number>`(select ${rowCount.rows} from ${rowCount} where ${rowCount.tableName} = ${getTableName(table)})`.mapWith(
    Number,
  )
}

/**
 * The total of an unfiltered first page whose rows carry `tableRowsColumn`:
 * the counter, or the number of rows when the page is not full (then every
 * row is there; also when the table is empty and no row carries the counter).
 */
export function totalOfTable(input: { limit: number }, rows: ReadonlyArray<{ tableRows: number | null }>): ListTotal {
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
  if (!filtered) {
    const [row] = await rowCountQuery(db, table)
    return exactly(row?.rows ?? 0)
  }
  const [row] = await cappedCountQuery(db, matches())
  return row!.value > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : exactly(row!.value)
}
