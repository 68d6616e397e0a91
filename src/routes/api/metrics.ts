import { createFileRoute } from '@tanstack/react-router'

import { metricsAnswer } from '@/server/observability/metrics-answer.server'

/** Prometheus' scrape target, behind METRICS_TOKEN (docs/deploy/observability.md). */
export const Route = createFileRoute('/api/metrics')({
  server: { handlers: { GET: ({ request }) => metricsAnswer(request) } },
})
