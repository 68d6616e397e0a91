import type { QueryClient } from '@tanstack/react-query'

import { ensureOrNotFound } from '@/lib/api-error'
import { orpc } from '@/lib/orpc'
import { infiniteListOptions } from '@/lib/use-infinite-list'

/**
 * The queries of the user manager, shared by the route loaders (prefetch)
 * and the pages. Their keys are oRPC's: every admin action makes
 * `orpc.user.key()` stale.
 */
export const userQueries = {
  list: (searchTerm: string) => infiniteListOptions(orpc.user.list, { searchTerm }),
  detail: (id: string) => orpc.user.get.queryOptions({ input: { id } }),
  sessions: (id: string) => infiniteListOptions(orpc.user.sessions, { id }),
  audit: (id: string) => infiniteListOptions(orpc.user.audit, { id }),
  passkeys: (id: string) => orpc.user.passkeys.queryOptions({ input: { id } }),
}

/** A route loader's user: prefetched for the SSR HTML; an unknown id is the area's 404 screen. */
export function loadUser(queryClient: QueryClient, id: string) {
  return ensureOrNotFound(queryClient, userQueries.detail(id))
}
