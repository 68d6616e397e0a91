import { handleRestRequest, handleRpcRequest, REST_PREFIX, RPC_PREFIX } from '@/server/api/handlers.server'
import { getAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { API_PREFIX } from '@/server/http/api-prefixes.server'
import { clientAddressOf } from '@/server/http/client-address.server'

type Door = (request: Request) => Promise<Response>

const handleAuth: Door = async (request) => handleAuthRequest(await getAuth(), request, clientAddressOf(request))

const DOORS: Array<[prefix: string, door: Door]> = [
  [`${RPC_PREFIX}/`, handleRpcRequest],
  [`${REST_PREFIX}/`, handleRestRequest],
  [`${API_PREFIX.auth}/`, handleAuth],
]

/**
 * The API's three doors (the typed client's, REST's, the auth service's), or
 * undefined for a page or a document. They are answered by the server entry
 * behind the request pipeline, as every request, but before the page router:
 * they need none of its per-request set-up (a router built and matched for
 * each request, ~9 % of the list API's CPU). Which methods each serves is the
 * pipeline's `methodCheck`.
 */
export function apiDoor(pathname: string): Door | undefined {
  return DOORS.find(([prefix]) => pathname.startsWith(prefix))?.[1]
}
