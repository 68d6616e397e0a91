import { z } from '@/lib/i18n/zod'

/** The Core Web Vitals the pages report. */
export const VITALS = ['LCP', 'INP', 'CLS'] as const
export type VitalName = (typeof VITALS)[number]

/**
 * web.dev's thresholds (the same as the `web-vitals` package's): at most
 * `good` is good, above `poor` is poor, between needs improvement. LCP and INP
 * in milliseconds, CLS unitless. `max` bounds what the endpoint accepts: a
 * larger value is a broken clock or a forged report, not a page.
 */
const THRESHOLDS: Record<VitalName, { good: number; poor: number; max: number }> = {
  LCP: { good: 2500, poor: 4000, max: 120_000 },
  INP: { good: 200, poor: 500, max: 60_000 },
  CLS: { good: 0.1, poor: 0.25, max: 10 },
}

export type Rating = 'good' | 'needs-improvement' | 'poor'

export function rating(name: VitalName, value: number): Rating {
  const { good, poor } = THRESHOLDS[name]
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor'
}

/** How long the dashboard looks back. */
export const VITALS_HOURS = 24

/**
 * A route template as the router declares it (`/app/books/$id`), never a URL:
 * no query, no fragment, lower-case static segments and `$name` parameters.
 * The server also requires it to be one of its page routes (vitals.server.ts).
 */
const routeSchema = z
  .string()
  .max(200)
  .regex(/^\/(?:(?:[a-z][a-z0-9-]*|\$[a-zA-Z]+)(?:\/(?:[a-z][a-z0-9-]*|\$[a-zA-Z]+))*)?$/, 'ui:vitals.errors.route')

// zod 4's number() refuses NaN and ±Infinity by itself.
const measureSchema = z
  .object({ name: z.enum(VITALS), value: z.number().min(0) })
  .refine((m) => m.value <= THRESHOLDS[m.name].max, { message: 'ui:vitals.errors.value', path: ['value'] })

/** What a page sends: its route template and up to one value of each metric. */
export const vitalsReportSchema = z.object({
  route: routeSchema,
  metrics: z
    .array(measureSchema)
    .min(1)
    .max(VITALS.length)
    .refine((metrics) => new Set(metrics.map((m) => m.name)).size === metrics.length, 'ui:vitals.errors.repeated'),
})
export type VitalsReport = z.infer<typeof vitalsReportSchema>

const vitalRowSchema = z.object({
  route: z.string(),
  metric: z.enum(VITALS),
  /** The 75th percentile of the last VITALS_HOURS hours. */
  p75: z.number(),
  samples: z.number().int().nonnegative(),
})
export type VitalRow = z.infer<typeof vitalRowSchema>

export const vitalsSummarySchema = z.object({ rows: z.array(vitalRowSchema) })
