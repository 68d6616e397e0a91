import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { handleRpcRequest } from '@/server/api/handlers.server'

const handle = ({ request }: { request: Request }) => handleRpcRequest(request, getRequestIP())

export const Route = createFileRoute('/api/rpc/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
