import { orpc } from '@/lib/orpc'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/** The queries of the user manager, shared by the route loaders (prefetch) and the pages. */
export const userQueries = {
  list: (searchTerm: string) => infiniteListOptions(orpc.user.list, { searchTerm }),
  detail: (id: string) => orpc.user.get.queryOptions({ input: { id } }),
  sessions: (id: string) => infiniteListOptions(orpc.user.sessions, { id }),
  audit: (id: string) => infiniteListOptions(orpc.user.audit, { id }),
}

/** Every query of the user manager: what any admin action makes stale. */
export const allUserQueries = () => ({ queryKey: orpc.user.key() })
