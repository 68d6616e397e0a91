import { createFileRoute } from '@tanstack/react-router'

import { readyResponse } from '@/server/process/health.server'

/** The first health endpoint, kept for existing checks: the same as /api/health/ready. */
export const Route = createFileRoute('/api/health/')({
  server: { handlers: { GET: () => readyResponse() } },
})
