import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import type { PastWalk } from '@/server/lists/filtered-pages.server'
import { afterRow, orderBy } from '@/server/lists/keyset.server'
import type { SearchTerm } from '@/server/lists/search.server'

/**
 * A search's way past the walk (`filteredPageIds`) through the summary of the
 * order in slices of consecutive rows, each with the bits every one of its
 * rows holds (`book_search_slice`, `user_search_slice`: migrations 0014,
 * 0018, docs/decisions/041-search-slices.md): the slices whose bits lack one
 * of the term's are skipped. None for a term without a word of three
 * characters or more (every slice may hold it).
 *
 * `summary` is the list's summary table, `sort` the order's name in it
 * ('title', 'author').
 */
export function searchSlices(summary: PgTable, sort: string, term: SearchTerm): PastWalk | undefined {
  const mask = searchGramsMask(term)
  return mask && ((way) => slicesPastWalk({ ...way, summary, sort, mask }))
}

/**
 * The bits (`search_grams`, migration 0014) every row matching
 * `searchColumnWhere(searchTerm, …)` holds in its slice of the order: those
 * of the term's words of three characters or more.
 */
function searchGramsMask({ longWords }: SearchTerm): SQL | undefined {
  if (longWords.length === 0) return undefined
  return sql.join(
    longWords.map((word) => sql`search_grams(lower(${word}))`),
    sql` | `,
  )
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
function slicesPastWalk({
  table,
  order,
  filter,
  rows,
  walkEnd,
  when,
  summary,
  sort,
  mask,
}: Parameters<PastWalk>[0] & { summary: PgTable; sort: string; mask: SQL }) {
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
          from ${summary} where sort = ${sort}
      ) as slice
      where ${when} and (grams & ${mask}) = ${mask} and ${reachesPastWalk}
      order by slice ${order.descending ? sql`desc` : sql`asc`}
    ) as slice cross join lateral (${inSlice(false)} union all ${inSlice(true)}) as ${table}
    limit ${rows})`
}
