import { handleRestRequest, handleRpcRequest } from '@/server/api/handlers.server'
import { type Auth, getAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { rememberWrite, replicasOfDatabase } from '@/server/db/replicas.server'
import { answeringSessionChecks, apiDoors, type Door } from '@/server/fast-paths/api-doors.server'
import { readSession } from '@/server/fast-paths/session-read.server'
import { clientAddressOf } from '@/server/http/client-address.server'

/** The API's doors, answered by the server entry (src/server.ts) behind the request pipeline, before the page router. */
export const apiDoor = apiDoors({
  rpc: handleRpcRequest,
  rest: handleRestRequest,
  auth: async (request) => authDoor(await getAuth())(request),
})

/** The auth service's door: better-auth behind `handleAuthRequest`, session checks answered first, writes read back by their writer. */
export function authDoor(auth: Auth): Door {
  return answeringSessionChecks(auth, async (request) => {
    const response = await handleAuthRequest(auth, request, clientAddressOf(request))
    return request.method === 'POST' && response.ok ? withWrittenCookie(auth, request.headers, response) : response
  })
}

/**
 * With replicas, whoever wrote through the auth service (a name, a role, a ban,
 * an account) reads it back at once, as after an API write: their reads go to the
 * primary until a replica has replayed it (`rememberWrite`). Every signed-in
 * write, not a list of routes that the next one would miss; signing in has no
 * writer yet, and signing out none left.
 */
async function withWrittenCookie(auth: Auth, headers: Headers, response: Response): Promise<Response> {
  if (!replicasOfDatabase(auth.db)) return response
  const writer = (await readSession(auth, auth.db, headers))?.user.id
  if (!writer) return response
  const cookie = await rememberWrite(auth.db, writer, auth.options.baseURL?.startsWith('https:') ?? false)
  if (!cookie) return response
  const written = new Response(response.body, response)
  written.headers.append('set-cookie', cookie)
  return written
}
