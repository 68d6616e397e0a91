import type { QueryClient } from '@tanstack/react-query'

import { ensureOrNotFound } from '@/lib/api-error'

import { userQueries } from './queries'

/** A route loader's user: prefetched for the SSR HTML; an unknown id is the area's 404 screen. */
export function loadUser(queryClient: QueryClient, id: string) {
  return ensureOrNotFound(queryClient, userQueries.detail(id))
}
