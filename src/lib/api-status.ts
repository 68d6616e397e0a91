import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'

/*
 * What the router and the routes' loaders need of a failed API call: its status
 * (the query retries, a record's not-found). Apart from ./api-error.ts, whose
 * messages and form helpers only a form or a failed action loads: in one module,
 * they were all in every page's first load (/login included).
 */

/** The HTTP status of a failed call, if it had one. */
export function apiErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/** Query retries (3, docs/product.md#constants): a network or server failure is retried, an answer about the request itself (4xx) is not. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  const status = apiErrorStatus(error)
  if (status !== undefined && status >= 400 && status < 500) return false
  // A page rendered on the server while the database is out of reach answers 503 with Retry-After at once:
  // three retries would hold it for 20 s and more. The browser does retry.
  if (status === 503 && typeof window === 'undefined') return false
  return failureCount < 3
}

/**
 * A route loader's record (a book, a user): prefetched so the server-rendered
 * HTML carries it; an unknown or malformed id is the area's not-found screen
 * (HTTP 404).
 */
export async function ensureOrNotFound<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<Data, Error, Data, Key>,
): Promise<Data> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    const status = apiErrorStatus(error)
    if (status === 404 || status === 400) throw notFound()
    throw error
  }
}
