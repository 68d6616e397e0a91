import { createFileRoute } from '@tanstack/react-router'

import { handleRpcRequest } from '@/server/api/handlers.server'

const handle = ({ request }: { request: Request }) => handleRpcRequest(request)

export const Route = createFileRoute('/api/rpc/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
