import { createFileRoute } from '@tanstack/react-router'

import { handleRestRequest } from '@/server/api/handlers.server'

const handle = ({ request }: { request: Request }) => handleRestRequest(request)

export const Route = createFileRoute('/api/rest/$')({
  server: { handlers: { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle } },
})
