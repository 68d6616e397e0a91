import { OpenAPIHandler } from '@orpc/openapi/fetch'
import { RPCHandler } from '@orpc/server/fetch'
import { ResponseHeadersPlugin } from '@orpc/server/plugins'

import { plainJsonAnswers } from '@/server/fast-paths/plain-json.server'
import { API_PREFIX } from '@/server/http/api-prefixes.server'
import { refusal } from '@/server/http/refusal.server'
import { inSpan } from '@/server/platform/trace-hooks.server'

import { requestContext } from './context.server'
import { router } from './router.server'

export const RPC_PREFIX = API_PREFIX.rpc
export const REST_PREFIX = API_PREFIX.rest

/**
 * Each procedure call in a span of its own, the request's child (when tracing
 * is on); `resHeaders` in the context, for a cookie set by a procedure.
 */
const handlerOptions = {
  plugins: [new ResponseHeadersPlugin()],
  clientInterceptors: [
    ({ path, next }: { path: readonly string[]; next: () => Promise<unknown> }) =>
      inSpan(`procedure ${path.join('.')}`, () => ({ 'rpc.method': path.join('.') }), next),
  ],
}
const rpcHandler = new RPCHandler(router, handlerOptions)
const restHandler = new OpenAPIHandler(router, handlerOptions)
// The procedures' plain JSON answered without oRPC's copy of it (src/server/fast-paths/README.md).
plainJsonAnswers(restHandler)

const notFound = () => Response.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 })

interface RestRoute {
  method: string
  segments: string[]
}

/** Every procedure's REST route, from the router itself (`/books/{id}` → ['books', '{id}']). */
function restRoutes(node: object, routes: RestRoute[] = []): RestRoute[] {
  for (const child of Object.values(node)) {
    const route = (child as { '~orpc'?: { route?: { method?: string; path?: string } } })['~orpc']?.route
    if (route?.path) routes.push({ method: route.method ?? 'POST', segments: route.path.split('/').filter(Boolean) })
    else if (child && typeof child === 'object') restRoutes(child as object, routes)
  }
  return routes
}

const REST_ROUTES = restRoutes(router)

/** Every procedure's RPC path (`['book', 'list']` → `book/list`). */
function rpcPaths(node: object, prefix: string[] = []): string[] {
  return Object.entries(node).flatMap(([name, child]) =>
    (child as { '~orpc'?: unknown })['~orpc']
      ? [[...prefix, name].join('/')]
      : rpcPaths(child as object, [...prefix, name]),
  )
}

/** The route templates of both API doors, for metrics: `/api/rpc/book/list`, `/api/rest/books/{id}`. */
export function apiRouteTemplates(): string[] {
  return [
    ...rpcPaths(router).map((path) => `${RPC_PREFIX}/${path}`),
    ...REST_ROUTES.map((route) => `${REST_PREFIX}/${route.segments.join('/')}`),
  ]
}

/** The methods the REST API serves at `pathname` (below the prefix): a 405's `Allow`, or none (a 404). */
export function restMethodsAt(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean)
  const served = REST_ROUTES.filter(
    (route) =>
      route.segments.length === segments.length &&
      route.segments.every((segment, i) => (segment.startsWith('{') ? segments[i] !== '' : segment === segments[i])),
  )
  return [...new Set(served.map((route) => route.method))]
}

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
  if (matched) return response
  const allow = restMethodsAt(new URL(request.url).pathname.slice(REST_PREFIX.length))
  return allow.length > 0 ? refusal(request, 'METHOD_NOT_ALLOWED', { allow: allow.join(', ') }) : notFound()
}
