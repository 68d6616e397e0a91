import { z } from '@/lib/i18n/zod'
import { SORT_ORDERS } from '@/lib/search-params'

/** Rows per page of every list (issue 5: page size 20). */
const PAGE_SIZE = 20
const MAX_PAGE_SIZE = 100

export interface KeysetCursor {
  sort: string
  id: string
}

/** The input of every list procedure; `searchTerm` matches the lists' search param. */
export const listInputSchema = z.object({
  searchTerm: z.string().trim().max(200).default(''),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
})

/** The direction of a sortable list (`?order=`): ascending by default. */
export const sortOrderSchema = z.enum(SORT_ORDERS).default('asc')

/**
 * A page of `item`s. `total` (rows matching the search) is given for the
 * first page only and is null on the next ones: the client keeps the first
 * page's figure instead of recounting a million rows per page. A search is
 * counted up to 1,000 matches: `totalCapped` says there are more ('1,000+').
 */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int().nullable(),
    totalCapped: z.boolean(),
  })
}

/**
 * The search params of a searchable list page (`?searchTerm=…&pages=N`): a
 * string, empty by default (a number or boolean the router parsed is read
 * as its text), anything malformed falls back to empty; 2 to 10 pages
 * (more is 10), else none.
 */
export const listSearchSchema = z.object({
  searchTerm: z
    .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
    .pipe(z.string().max(200))
    .catch('')
    .default(''),
  pages: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(2))
    .transform((pages) => Math.min(pages, 10))
    .optional()
    .catch(undefined),
})
// The routes check it without zod: listSearch (./search-params.ts), held to this schema by its test.
