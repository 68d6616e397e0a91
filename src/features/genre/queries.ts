import { orpc } from '@/lib/orpc'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/** The genre queries (oRPC's keys: `orpc.genre.key()`). */
export const genreQueries = {
  /** Every genre, searchable, a page at a time: a picker reaches them all. */
  list: (searchTerm: string) => infiniteListOptions(orpc.genre.list, { searchTerm }),
  /** The first 100 genres by name, at once: the app's genre menu, a list of links that works without script. */
  menu: () => orpc.genre.list.queryOptions({ input: { searchTerm: '', limit: 100 } }),
  /** One genre (the book list's genre filter shows the one in its URL). */
  detail: (id: string) => orpc.genre.get.queryOptions({ input: { id } }),
}
