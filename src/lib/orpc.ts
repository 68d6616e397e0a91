import { createORPCClient } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import type { ClientLink } from '@orpc/client'
import type { RouterClient } from '@orpc/server'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import type { ApiContext } from '@/server/api/context.server'
import type { Router } from '@/server/api/router.server'

type ApiClient = RouterClient<Router>

/**
 * The typed client of the application API. In the browser it speaks RPC to
 * /api/rpc; on the server (SSR, loaders) it calls the procedures in-process
 * with the request's own headers, so a guard and a prefetch cost no HTTP
 * round trip and see the same session.
 */
const createClient = createIsomorphicFn()
  .server((): ApiClient => {
    // One context per request: the procedures a page prefetches share its session lookup.
    const contexts = new WeakMap<Request, Promise<ApiContext>>()
    const link: ClientLink<Record<never, never>> = {
      async call(path, input, options) {
        const [{ createRouterClient }, { router }, { requestContext }, { getRequest }] = await Promise.all([
          import('@orpc/server'),
          import('@/server/api/router.server'),
          import('@/server/api/context.server'),
          import('@tanstack/react-start/server'),
        ])
        const request = getRequest()
        let context = contexts.get(request)
        if (!context) {
          context = requestContext(request.headers)
          contexts.set(request, context)
        }
        const client = createRouterClient(router, { context })
        const procedure = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client)
        return (procedure as (input: unknown, options: unknown) => Promise<unknown>)(input, { signal: options.signal })
      },
    }
    return createORPCClient(link)
  })
  .client((): ApiClient => createORPCClient(new RPCLink({ url: () => `${window.location.origin}/api/rpc` })))

export const api: ApiClient = createClient()

/** Query and mutation options for TanStack Query: `useQuery(orpc.book.get.queryOptions({ input: { id } }))`. */
export const orpc = createTanstackQueryUtils(api)
