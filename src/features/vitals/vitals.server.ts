import { sql } from 'drizzle-orm'

import { successSchema } from '@/lib/api-schemas'
import { apiError } from '@/server/api/errors.server'
import { measurementProcedure, withPermission } from '@/server/api/procedure.server'
import { BUDGETS, budgetStore } from '@/server/auth/budgets.server'
import { webVital } from '@/server/db/schema'
import { isPageRoute } from '@/server/http/page-routes.server'

import { type VitalRow, VITALS_HOURS, vitalsReportSchema, vitalsSummarySchema } from './schema'

/**
 * A page's Core Web Vitals (src/features/vitals/web-vitals-report.ts sends them as the
 * page is hidden): stored by route template and metric, with nothing of who
 * sent them. Limited per client address like the other anonymous writes.
 */
const report = measurementProcedure
  .route({
    method: 'POST',
    path: '/vitals',
    summary: "Report a page's Core Web Vitals",
    description:
      'LCP, INP and CLS as the `web-vitals` package measured them, under the route template of the page (`/app/books/$id`, never its address). Nothing of the sender is kept. At most 100 reports per 10 minutes per client address.',
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
    await context.db
      .insert(webVital)
      .values(input.metrics.map(({ name, value }) => ({ route: input.route, metric: name, value })))
    return { success: true }
  })

/**
 * The 75th percentile of each route's metrics over the last VITALS_HOURS
 * hours, computed by PostgreSQL (`percentile_cont`), so every instance shows
 * the same figures. Reads the rows of the window through the recorded_at index.
 */
const summary = withPermission({ apps: ['manager'] })
  .route({
    method: 'GET',
    path: '/vitals',
    summary: 'Core Web Vitals: the 75th percentile per route of the last 24 hours',
    tags: ['Vitals'],
  })
  .output(vitalsSummarySchema)
  .handler(async ({ context: { db } }) => ({ rows: await vitalsP75(db) }))

export async function vitalsP75(db: Parameters<typeof budgetStore>[0], hours = VITALS_HOURS): Promise<VitalRow[]> {
  const rows = await db
    .select({
      route: webVital.route,
      metric: webVital.metric,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVital.value})`.mapWith(Number),
      samples: sql<number>`count(*)`.mapWith(Number),
    })
    .from(webVital)
    .where(sql`${webVital.recordedAt} > now() - make_interval(hours => ${hours})`)
    .groupBy(webVital.route, webVital.metric)
    .orderBy(webVital.route, webVital.metric)
  return rows as VitalRow[]
}

export const vitalsRouter = { report, summary }
