import { sql } from 'drizzle-orm'

import { successSchema } from '@/lib/api-schemas'
import { measurementProcedure, withPermission } from '@/server/api/procedure.server'
import { BUDGETS, budgetStore } from '@/server/auth/budgets.server'
import { webVital } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'
import { isPageRoute } from '@/server/http/page-routes.server'

import { clientTag } from './client-tag.server'
import { type VitalRow, VITALS_HOURS, vitalsReportSchema, vitalsSummarySchema } from './schema'

/**
 * A page's Core Web Vitals (src/features/vitals/web-vitals-report.ts sends them as the
 * page is hidden): stored by route template and metric, with no user and no
 * address, only a daily tag of the client (client-tag.server.ts). Limited per
 * client address like the other anonymous writes.
 */
const report = measurementProcedure
  .route({
    method: 'POST',
    path: '/vitals',
    summary: "Report a page's Core Web Vitals",
    description:
      'LCP, INP and CLS as the `web-vitals` package measured them, under the route template of the page (`/app/books/$id`, never its address). No user or address is kept, only a tag of the client that changes every day: the figures count each client once, however many reports it sends. At most 100 reports per 10 minutes per client address.',
    tags: ['Vitals'],
  })
  .input(vitalsReportSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    if (!isPageRoute(input.route)) throw apiError('BAD_REQUEST', 'ui:vitals.errors.route', { field: 'route' })
    if (context.env.RATE_LIMIT) {
      const taken = await budgetStore(context.db).take(BUDGETS.vitalsPerClient, context.clientIp ?? 'unknown')
      if (!taken.ok) throw apiError('TOO_MANY_REQUESTS', undefined, { values: { seconds: taken.retryAfterSeconds } })
    }
    const client = clientTag(context.clientIp, context.env.AUTH_SECRET)
    await context.db
      .insert(webVital)
      .values(input.metrics.map(({ name, value }) => ({ route: input.route, metric: name, value, client })))
    return { success: true }
  })

/**
 * The 75th percentile of each route's metrics over the last VITALS_HOURS
 * hours, computed by PostgreSQL, so every instance shows the same figures.
 * Each client weighs one, shared among its reports (a row without a client
 * is one of its own): the smallest value at or below which lies three
 * quarters of the weight. One client, however many reports it sends (a
 * forger's hundred of LCP 59 s), moves the figure as one visitor does.
 * Reads the rows of the window through the recorded_at index.
 */
const summary = withPermission({ apps: ['manager'] })
  .route({
    method: 'GET',
    path: '/vitals',
    summary: 'Core Web Vitals: the 75th percentile per route of the last 24 hours, each client weighing one',
    tags: ['Vitals'],
  })
  .output(vitalsSummarySchema)
  .handler(async ({ context: { db } }) => ({ rows: await vitalsP75(db) }))

export async function vitalsP75(db: Parameters<typeof budgetStore>[0], hours = VITALS_HOURS): Promise<VitalRow[]> {
  const result = await db.execute(sql`
    with weighed as (
      select route, metric, value,
        1.0 / count(*) over (partition by route, metric, coalesce(client, id::text)) as weight
      from ${webVital}
      where recorded_at > now() - make_interval(hours => ${hours})
    ), ranked as (
      select route, metric, value,
        sum(weight) over (partition by route, metric order by value rows unbounded preceding) as below,
        sum(weight) over (partition by route, metric) as total
      from weighed
    )
    -- A tolerance for the sums of thirds and sevenths.
    select route, metric, min(value) filter (where below >= 0.75 * total - 1e-9) as p75, count(*)::int as samples
    from ranked
    group by route, metric
    order by route, metric`)
  return (result as unknown as { rows: Array<Omit<VitalRow, 'p75'> & { p75: number | string }> }).rows.map((row) => ({
    ...row,
    p75: Number(row.p75),
  }))
}

export const vitalsRouter = { report, summary }
