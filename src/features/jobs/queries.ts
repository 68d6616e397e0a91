import { orpc } from '@/lib/orpc'

/** The jobs page's query: prefetched by its route, read by its page. */
export const jobsQueries = {
  overview: () => orpc.jobs.overview.queryOptions(),
}
