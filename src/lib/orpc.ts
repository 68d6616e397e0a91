import type { ClientLink } from '@orpc/client'
import { createORPCClient } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import type { RouterClient } from '@orpc/server'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { createIsomorphicFn } from '@tanstack/react-start'

import { fetchWithProof } from '@/lib/auth/proof-fetch'
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
    const contexts = new WeakMap<Request, { context: Promise<ApiContext>; client: ApiClient }>()
    // Server-only modules, imported on first use (never in the browser's bundle), then kept.
    let modules:
      | Promise<
          [
            typeof import('@orpc/server'),
            typeof import('@/server/api/router.server'),
            typeof import('@/server/api/context.server'),
            typeof import('@tanstack/react-start/server'),
          ]
        >
      | undefined
    const link: ClientLink<Record<never, never>> = {
      async call(path, input, options) {
        modules ??= Promise.all([
          import('@orpc/server'),
          import('@/server/api/router.server'),
          import('@/server/api/context.server'),
          import('@tanstack/react-start/server'),
        ])
        const [{ createRouterClient }, { router }, { requestContext }, { getRequest }] = await modules
        const request = getRequest()
        let perRequest = contexts.get(request)
        if (!perRequest) {
          const context = requestContext(request.headers)
          perRequest = { context, client: createRouterClient(router, { context }) as ApiClient }
          contexts.set(request, perRequest)
        }
        const client = perRequest.client
        const procedure = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client)
        return (procedure as (input: unknown, options: unknown) => Promise<unknown>)(input, { signal: options.signal })
      },
    }
    return createORPCClient(link)
  })
  .client((): ApiClient =>
    createORPCClient(
      new RPCLink({
        url: () => `${window.location.origin}/api/rpc`,
        // A refusal for want of a recent sign-in asks for the proof, then is sent again.
        fetch: fetchWithProof((input, init) => fetch(input, init)),
      }),
    ),
  )

// Pure: a chunk that imports this module without using the client (a feature's public entry)
// does not carry it; the browser gets it with the first code that calls the API.
export const api: ApiClient = /* @__PURE__ */ createClient()

/** Query and mutation options for TanStack Query: `useQuery(orpc.book.get.queryOptions({ input: { id } }))`. */
export const orpc = /* @__PURE__ */ createTanstackQueryUtils(api)
