import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import { afterRow, type KeysetOrder, orderBy } from './keyset.server'

/** How many rows of the order a filtered page reads from the order's index before it weighs the matches. */
export const FILTERED_WALK = 1000

/**
 * A filter with at most this many matches is read from its own index and
 * sorted (10 pages); counting more would cost a common filter more than the
 * walk it might save (each match a row of the table read).
 */
export const FEW_MATCHES = 200

/**
 * Way 3 of `filteredPageIds` read through a summary of the order (the search
 * slices, `src/server/fast-paths/search-slices.server.ts`): the ids and sort
 * keys of the page's rows of `table` past the walk's end (`walkEnd`, a row of
 * the sort key and the id), read only `when` holds.
 */
export type PastWalk = (way: {
  table: PgTable
  order: KeysetOrder
  filter: SQL
  rows: number | Placeholder
  walkEnd: SQL
  when: SQL
}) => SQL

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
 *    match of a common filter and sort them instead), or `pastWalk` when given.
 *
 * The walked rows and the matches are read under the table's own name, so
 * `filter` reads them as it reads the table. Only a common match that sits
 * far along the order (after a long run of rows that do not match) still
 * walks to it in 3, unless `pastWalk` skips there.
 */
export function filteredPageIds(
  table: PgTable,
  order: KeysetOrder,
  {
    filter,
    after,
    walkColumns,
    rows,
    pastWalk,
  }: {
    filter: SQL
    after: SQL | undefined
    walkColumns: AnyColumn[]
    rows: number | Placeholder
    pastWalk?: PastWalk
  },
): SQL {
  const name = (column: AnyColumn) => sql.identifier(column.name)
  const walkEnd = sql`(select ${name(order.sort)}, ${name(order.id)} from walk_end)`
  const walkWasFull = sql`(select walked from walk_end) = ${FILTERED_WALK}`
  const matchesCount = sql`(select count(*) from matches)`
  const columns = sql.join([order.id, order.sort], sql`, `)
  const walked = sql.join([...new Set([order.sort, order.id, ...walkColumns])], sql`, `)
  const pastFewMatches = sql`${walkWasFull} and ${matchesCount} > ${FEW_MATCHES}`
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
      pastWalk
        ? pastWalk({ table, order, filter, rows, walkEnd, when: pastFewMatches })
        : sql`(select ${columns} from (
      select ${walked} from ${table} where ${pastFewMatches} and ${afterRow(order, walkEnd)}
       order by ${orderBy(order)} offset 0
    ) as ${table} where ${filter} limit ${rows})`
    }
  ) as ids limit ${rows})`
}
