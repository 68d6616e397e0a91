import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { apiErrorStatus } from '@/lib/api-error'
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
export async function loadBook(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.ensureQueryData(bookOptions(id))
  } catch (error) {
    const status = apiErrorStatus(error)
    if (status === 404 || status === 400) throw notFound()
    throw error
  }
}
