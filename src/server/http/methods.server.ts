import { type ApiDoorName, apiDoorOf } from './api-prefixes.server'
import type { PipelineStep } from './pipeline.server'
import { refusal } from './refusal.server'

/** The methods each door serves; everything else (pages, documents, assets) is read only. */
const ROUTE_METHODS: Record<ApiDoorName, string[]> = {
  rpc: ['GET', 'POST'],
  rest: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  auth: ['GET', 'POST'],
}
/** A page whose form posts to it (`formPostPages`: src/server/forms). */
const FORM_PAGE_METHODS = ['GET', 'HEAD', 'POST']
/** The framework's own RPC door stays shut: the app has no server functions (docs/decisions/011-one-server-api.md). */
const SERVER_FUNCTIONS = '/_serverFn/'
const READ_ONLY = ['GET', 'HEAD']

function allowedMethods(pathname: string, formPostPages: readonly string[]): string[] {
  if (formPostPages.includes(pathname.replace(/(.)\/$/, '$1'))) return FORM_PAGE_METHODS
  const door = apiDoorOf(pathname)
  return door ? ROUTE_METHODS[door] : READ_ONLY
}

/**
 * A method a route does not serve gets 405 with `Allow` (instead of the
 * page's HTML, or a handler that was never meant for it); no CORS preflight
 * is answered (OPTIONS): the app serves its own origin only.
 */
export function methodCheck(formPostPages: readonly string[]): PipelineStep {
  return async (request, next) => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith(SERVER_FUNCTIONS)) return refusal(request, 'NOT_FOUND')
    const allowed = allowedMethods(pathname, formPostPages)
    if (allowed.includes(request.method)) return next(request)
    return refusal(request, 'METHOD_NOT_ALLOWED', { allow: allowed.join(', ') })
  }
}
