import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

import type { PipelineStep } from '@/server/http/pipeline.server'
import { processWide } from '@/server/platform/process-wide.server'

import { tallies, type Tally } from '../platform/tallies.server'

/** The methods a request is counted under; any other (a fuzzer's `PROPFIND`) is `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the answer (its headers), by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  return { registry, requests, duration }
}

const metrics = processWide('metrics', createMetrics)

/**
 * The pipeline step that counts every request (outermost but for the request
 * log): by route template, never by URL, so a fuzzed URL adds no series
 * (`templateOf` answers `unmatched` for a path no route serves).
 */
export function requestMetrics(templateOf: (pathname: string) => string): PipelineStep {
  return async (request, next) => {
    const started = performance.now()
    let status = 500
    try {
      const response = await next(request)
      status = response.status
      return response
    } finally {
      const method = METHODS.has(request.method) ? request.method : 'other'
      const route = templateOf(new URL(request.url).pathname)
      metrics.requests.inc({ method, route, status })
      metrics.duration.observe({ method, route }, (performance.now() - started) / 1000)
    }
  }
}

/** The tallies (tallies.server.ts) as prom-client metrics, each registered at the first scrape that finds it. */
function registerTallies() {
  const { registry } = metrics
  for (const [name, tally] of tallies()) {
    if (registry.getSingleMetric(name)) continue
    const options = { name, help: tally.help, labelNames: tally.labelNames, registers: [registry] }
    if (tally.type === 'counter') new Counter({ ...options, collect: () => copy(registry, name, tally.read(), 'inc') })
    else new Gauge({ ...options, collect: () => copy(registry, name, tally.read(), 'set') })
  }
}

/** A tally's values into its prom-client metric, at a scrape. */
function copy(registry: Registry, name: string, values: ReturnType<Tally['read']>, how: 'inc' | 'set') {
  const metric = registry.getSingleMetric(name) as Counter & Gauge
  metric.reset()
  for (const { labels, value } of values) metric[how](labels, value)
}

/** The metrics in Prometheus' text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  registerTallies()
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() }
}
