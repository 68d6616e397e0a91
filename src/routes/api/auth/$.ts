import { createFileRoute } from '@tanstack/react-router'

import { getAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { clientAddressOf } from '@/server/http/client-address.server'

async function handle({ request }: { request: Request }) {
  return handleAuthRequest(await getAuth(), request, clientAddressOf(request))
}

export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
