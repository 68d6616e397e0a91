import { orpc } from '@/lib/orpc'

/** The dashboard's figures: prefetched by its route, read by its page (apart, so the route loads no page code). */
export const dashboardSummaryQuery = () => orpc.dashboard.summary.queryOptions()
