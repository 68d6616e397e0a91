import { timingSafeEqual } from 'node:crypto'

import { env } from '@/lib/env.server'
import { refusal } from '@/server/http/refusal.server'

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * GET /api/metrics: Prometheus' text format for a caller with
 * `Authorization: Bearer $METRICS_TOKEN`, 401 for any other, 404 when the
 * token is unset (no metrics at all: prom-client is not even loaded).
 */
export async function metricsAnswer(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN
  if (!token) return refusal(request, 'NOT_FOUND')
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!given || !sameToken(given, token)) return refusal(request, 'UNAUTHORIZED', { 'www-authenticate': 'Bearer' })
  const { metricsText } = await import('./metrics.server')
  const { contentType, body } = await metricsText()
  return new Response(body, { headers: { 'content-type': contentType } })
}
