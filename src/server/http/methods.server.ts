import type { PipelineStep } from './pipeline.server'
import { refusal } from './refusal.server'

/** The methods each door serves; everything else (pages, documents, assets) is read only. */
const ROUTE_METHODS: Array<[prefix: string, methods: string[]]> = [
  ['/api/rpc/', ['GET', 'POST']],
  ['/api/rest/', ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']],
  ['/api/auth/', ['GET', 'POST']],
  ['/_serverFn/', ['GET', 'POST']],
]
const READ_ONLY = ['GET', 'HEAD']

export function allowedMethods(pathname: string): string[] {
  return ROUTE_METHODS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? READ_ONLY
}

/**
 * A method a route does not serve gets 405 with `Allow` (instead of the
 * page's HTML, or a handler that was never meant for it); no CORS preflight
 * is answered (OPTIONS): the app serves its own origin only.
 */
export const methodCheck: PipelineStep = async (request, next) => {
  const allowed = allowedMethods(new URL(request.url).pathname)
  if (allowed.includes(request.method)) return next(request)
  return refusal(request, 'METHOD_NOT_ALLOWED', { allow: allowed.join(', ') })
}
