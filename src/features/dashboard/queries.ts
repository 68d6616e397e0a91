import { orpc } from '@/lib/orpc'

/** The dashboard's queries: prefetched by its route, read by its page (apart, so the route loads no page code). */
export const dashboardQueries = {
  summary: () => orpc.dashboard.summary.queryOptions(),
}
