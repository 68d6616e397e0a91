import type { ApiHarness } from '@/test/api'

/** A list's search summary (migrations 0014, 0018): the summary table, the listed table, its orders. */
export interface SearchSummary {
  summary: string
  source: string
  orders: [string, string]
}

export const BOOK_SUMMARY: SearchSummary = { summary: 'book_search_slice', source: 'book', orders: ['title', 'author'] }
export const USER_SUMMARY: SearchSummary = { summary: 'user_search_slice', source: 'user', orders: ['name', 'email'] }

/**
 * Slices whose bits lack some of their rows' (`search_grams` of the rows'
 * search text): a search would skip a match there. `exactly`: also slices
 * holding bits none of their rows has (a rebuild leaves none).
 */
export async function slicesMissingBits(api: ApiHarness, { summary, source, orders }: SearchSummary, exactly = false) {
  const [first, second] = orders
  const key = `(case slice.sort when '${first}' then "${first}" else "${second}" end, id)`
  const { rows } = await api.handle.executeSql(`
    select slice.sort, slice.slice from (
      select sort, slice, after_key, after_id, grams,
             lead(after_key) over w as until_key, lead(after_id) over w as until_id
        from ${summary} window w as (partition by sort order by slice)
    ) as slice
    cross join lateral (
      select bit_or(search_grams(lower("${first}" || E'\\n' || "${second}"))) as grams from "${source}"
       where ${key} > (slice.after_key, slice.after_id)
         and (slice.until_key is null or ${key} <= (slice.until_key, slice.until_id))
    ) as held
    where held.grams is not null and ${exactly ? 'slice.grams <> held.grams' : 'slice.grams | held.grams <> slice.grams'}`)
  return rows
}

/**
 * A summary cut by its rebuild's defaults (migration 0019): each order's
 * number of slices, and how many of them hold their bits compressed.
 */
export async function summaryCut(api: ApiHarness, { summary, source }: SearchSummary) {
  await api.handle.executeSql(`select ${source}_search_slices_rebuild()`)
  const { rows } = await api.handle.executeSql(`
    select sort, count(*)::int as slices, count(pg_column_compression(grams))::int as compressed
      from ${summary} group by sort order by sort`)
  return rows
}
