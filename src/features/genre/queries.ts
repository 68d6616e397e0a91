import { orpc } from '@/lib/orpc'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/** The genre queries (oRPC's keys: `orpc.genre.key()`). */
export const genreQueries = {
  /** Every genre, searchable, a page at a time: a picker reaches them all. */
  list: (searchTerm: string) => infiniteListOptions(orpc.genre.list, { searchTerm }),
  /** One genre (the book list's genre filter shows the one in its URL). */
  detail: (id: string) => orpc.genre.get.queryOptions({ input: { id } }),
}
