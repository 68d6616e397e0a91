import { createFileRoute } from '@tanstack/react-router'

import { readyResponse } from '@/server/process/health.server'

/** Readiness for a load balancer: 200 `{"status":"ready"}` or 503 with the reason. */
export const Route = createFileRoute('/api/health/ready')({
  server: { handlers: { GET: () => readyResponse() } },
})
