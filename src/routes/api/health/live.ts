import { createFileRoute } from '@tanstack/react-router'

import { liveResponse } from '@/server/process/health.server'

/** Liveness: 200 while the process answers, draining included. */
export const Route = createFileRoute('/api/health/live')({
  server: { handlers: { GET: () => liveResponse() } },
})
