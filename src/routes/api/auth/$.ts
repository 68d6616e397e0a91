import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { getAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'

async function handle({ request }: { request: Request }) {
  return handleAuthRequest(await getAuth(), request, getRequestIP())
}

export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
