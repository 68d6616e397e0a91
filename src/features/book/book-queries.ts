import type { QueryClient } from '@tanstack/react-query'

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
