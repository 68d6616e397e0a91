import { handleRestRequest, handleRpcRequest } from '@/server/api/handlers.server'
import { getAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { apiDoors } from '@/server/fast-paths/api-doors.server'
import { clientAddressOf } from '@/server/http/client-address.server'

/** The API's doors, answered by the server entry (src/server.ts) behind the request pipeline, before the page router. */
export const apiDoor = apiDoors({
  rpc: handleRpcRequest,
  rest: handleRestRequest,
  auth: async (request) => handleAuthRequest(await getAuth(), request, clientAddressOf(request)),
})
