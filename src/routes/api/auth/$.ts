import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { CLIENT_IP_HEADER, getAuth } from '@/server/auth/auth.server'

/**
 * better-auth under /api/auth/*. The client address comes from the socket,
 * set in a header of our own (overwriting any sent by the client), so rate
 * limits cannot be dodged by forging X-Forwarded-For.
 */
async function handle({ request }: { request: Request }) {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  const ip = getRequestIP()
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  const auth = await getAuth()
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return auth.handler(
    new Request(request.url, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      signal: request.signal,
    }),
  )
}

export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
