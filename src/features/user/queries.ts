import type { QueryClient } from '@tanstack/react-query'

import { ensureOrNotFound } from '@/lib/api-status'
import { orpc } from '@/lib/orpc'
import type { UserListSearch } from '@/lib/search-params'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/** What the user list is asked for (its page's search params but the number of pages). */
export type UserListQuery = Omit<UserListSearch, 'pages'>

/**
 * The queries of the user manager, shared by the route loaders (prefetch)
 * and the pages. Their keys are oRPC's: every admin action makes
 * `orpc.user.key()` stale.
 */
export const userQueries = {
  list: ({ banned, ...input }: UserListQuery) =>
    // The API reads the banned state as a query string carries it ('true' or 'false').
    infiniteListOptions(orpc.user.list, {
      ...input,
      ...(banned === undefined ? {} : { banned: String(banned) as 'true' | 'false' }),
    }),
  detail: (id: string) => orpc.user.get.queryOptions({ input: { id } }),
  sessions: (id: string) => infiniteListOptions(orpc.user.sessions, { id }),
  audit: (id: string) => infiniteListOptions(orpc.user.audit, { id }),
  passkeys: (id: string) => orpc.user.passkeys.queryOptions({ input: { id } }),
}

/** A route loader's user: prefetched for the SSR HTML; an unknown id is the area's 404 screen. */
export function loadUser(queryClient: QueryClient, id: string) {
  return ensureOrNotFound(queryClient, userQueries.detail(id))
}
