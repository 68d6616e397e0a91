import type { QueryClient } from '@tanstack/react-query'

import { genreQueries } from '@/features/genre'
import { ensureOrNotFound } from '@/lib/api-status'
import { orpc } from '@/lib/orpc'
import type { BookListSearch } from '@/lib/search-params'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/** What the book list is asked for (its page's search params but the number of pages). */
export type BookListQuery = Pick<BookListSearch, 'searchTerm'> & Partial<Omit<BookListSearch, 'searchTerm' | 'pages'>>

/**
 * The queries of the book pages, shared by the route loaders (prefetch) and
 * the pages. Their keys are oRPC's: invalidate with `orpc.book.key()` or a
 * procedure's `.key()`.
 */
export const bookQueries = {
  /** The book list, a page at a time: a search, and on /manager/books a sort and a genre. */
  list: (input: BookListQuery = { searchTerm: '' }) => infiniteListOptions(orpc.book.list, input),
  detail: (id: string) => orpc.book.get.queryOptions({ input: { id } }),
}

/** A route loader's book: an unknown id is the area's not-found screen (HTTP 404). */
export function loadBook(queryClient: QueryClient, id: string) {
  return ensureOrNotFound(queryClient, bookQueries.detail(id))
}

/**
 * The loader of a book list page (/app/books, /manager/books): `pages` pages
 * of the list and the genre its filter shows. A prefetch, not an ensure: if
 * the list fails, the page stays (search box included) and the list shows
 * 'Something went wrong' with Try again. False when that genre is gone (a
 * stale link): the route then drops the filter rather than show an empty
 * list whose filter cannot say what it filters by.
 */
export async function prefetchBookList(
  queryClient: QueryClient,
  { pages, ...input }: BookListQuery & Pick<BookListSearch, 'pages'>,
): Promise<boolean> {
  const [, genre] = await Promise.all([
    queryClient.prefetchInfiniteQuery({ ...bookQueries.list(input), pages: pages ?? 1 }),
    input.genreId ? queryClient.fetchQuery(genreQueries.detail(input.genreId)).catch(() => null) : true,
  ])
  return Boolean(genre)
}
