import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { apiErrorStatus } from '@/lib/api-error'
import { userQueries } from './queries'

/** A route loader's user: prefetched for the SSR HTML; an unknown id is the area's 404 screen. */
export async function loadUser(queryClient: QueryClient, id: string) {
  try {
    return await queryClient.ensureQueryData(userQueries.detail(id))
  } catch (error) {
    if (apiErrorStatus(error) === 404) throw notFound()
    throw error
  }
}
