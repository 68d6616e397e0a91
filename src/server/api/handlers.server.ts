import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { RPCHandler } from '@orpc/server/fetch'
import { requestContext } from './context.server'
import { router } from './router.server'

export const RPC_PREFIX = '/api/rpc'
export const REST_PREFIX = '/api/rest'

const rpcHandler = new RPCHandler(router)
const restHandler = new OpenAPIHandler(router)

const notFound = () => Response.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 })

/** /api/rpc/*: the typed client's protocol. The client address is the pipeline's (src/server/http). */
export async function handleRpcRequest(request: Request) {
  const context = await requestContext(request.headers)
  const { matched, response } = await rpcHandler.handle(request, { prefix: RPC_PREFIX, context })
  return matched ? response : notFound()
}

/** /api/rest/*: the same procedures as REST, as the OpenAPI document describes them. */
export async function handleRestRequest(request: Request) {
  const context = await requestContext(request.headers)
  const { matched, response } = await restHandler.handle(request, { prefix: REST_PREFIX, context })
  return matched ? response : notFound()
}
