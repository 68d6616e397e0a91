import { orpc } from '@/lib/orpc'

/** The dashboard's vitals table: prefetched by its route, read by the table. */
export const vitalsQueries = {
  summary: () => orpc.vitals.summary.queryOptions(),
}
