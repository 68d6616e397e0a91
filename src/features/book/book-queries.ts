import type { QueryClient } from '@tanstack/react-query'

import { ensureOrNotFound } from '@/lib/api-error'
import { orpc } from '@/lib/orpc'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/** The book list, a page at a time (loader and page share it). */
export function bookListOptions(searchTerm = '') {
  return infiniteListOptions(orpc.book.list, { searchTerm })
}

export function bookOptions(id: string) {
  return orpc.book.get.queryOptions({ input: { id } })
}

/** A route loader's book: an unknown id is the area's not-found screen (HTTP 404). */
export function loadBook(queryClient: QueryClient, id: string) {
  return ensureOrNotFound(queryClient, bookOptions(id))
}
