import type { AnyRouter } from '@tanstack/react-router'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
  defineHandlerCallback,
} from '@tanstack/react-start/server'

import { apiErrorStatus } from '@/lib/api-status'
import { FORBIDDEN_ERROR, SessionUnavailableError } from '@/lib/auth/session'
import { env } from '@/lib/env.server'
import type { FormResult } from '@/lib/forms/form-result'
import { apiRouteTemplates } from '@/server/api/handlers.server'
import { AUTH_BASE_PATH, getAuth } from '@/server/auth/auth.server'
import { authEndpointRoutes } from '@/server/auth/internals.server'
import { installPageRoutes } from '@/server/http/page-routes.server'
import { type Next, pipeline } from '@/server/http/pipeline.server'
import { requestLog } from '@/server/http/request-log.server'
import { routeTemplates } from '@/server/http/route-templates.server'
import { NONCE_HEADER } from '@/server/http/security-headers.server'
import { apiDoor } from '@/server/pipeline/doors.server'
import { requestSteps } from '@/server/pipeline/request-pipeline.server'
import { logger } from '@/server/platform/logger.server'
import { startProcess } from '@/server/process/process.server'

import { routeTree } from './routeTree.gen'

/** The HTTP status of a page that a guard refused, or whose data could not be read: the router only knows 200/404/500. */
function guardStatus(router: AnyRouter): number | undefined {
  const errors = router.state.matches.map((match) => match.error)
  if (errors.some((error) => error instanceof Error && error.message === FORBIDDEN_ERROR)) return 403
  // The session could not be read (SessionUnavailableError), or a loader's API call answered 503: the database is out of reach.
  if (errors.some((error) => error instanceof SessionUnavailableError || apiErrorStatus(error) === 503)) return 503
  return undefined
}

/** A page rendered as the answer of its form's post (src/server/forms): the form's status (400, 429…). */
function formStatus(router: AnyRouter): number | undefined {
  const context = router.options.additionalContext as { serverContext?: { formResult?: FormResult } } | undefined
  return context?.serverContext?.formResult?.status
}

/**
 * A page is read whole before it is answered: its data is loaded before the render starts (no
 * route defers any), so the stream sent nothing sooner; with its length known, the compression
 * step compresses it in one call instead of through four streams (decision 046).
 */
const handler = defineHandlerCallback(async (context) => {
  const result = await defaultStreamHandler(context)
  const rendered = result instanceof Response ? result : result.response
  const page = Buffer.from(await rendered.arrayBuffer())
  const headers = new Headers(rendered.headers)
  headers.set('content-length', String(page.length))
  const status = guardStatus(context.router) ?? formStatus(context.router) ?? rendered.status
  const response = new Response(page, { status, statusText: rendered.statusText, headers })
  return result instanceof Response ? response : { ...result, response }
})

const startHandler = createStartHandler(handler)

/** The app itself: the API's doors, then pages and server routes; the page's CSP nonce reaches the router (src/router.tsx). */
const app: Next = async (request) => {
  const door = apiDoor(new URL(request.url).pathname)
  if (door) return door(request)
  return startHandler(request, { context: { nonce: request.headers.get(NONCE_HEADER) ?? undefined } })
}

/** The server's own request carries the socket's address. */
const socketAddress = (request: Request) => (request as Request & { ip?: string }).ip

interface RouteNode {
  options?: { path?: string }
  children?: RouteNode[]
}
/** Each route's full path (`/manager/books/$id`), as the router builds it: a pathless layout adds nothing, an index no `/`. */
const routePaths = (route: RouteNode, parent = ''): string[] => {
  const path = route.options?.path
  const full = path === undefined ? parent : `${parent}/${path}`.replace(/\/+/g, '/')
  return [full.replace(/(.)\/$/, '$1') || '/', ...(route.children ?? []).flatMap((child) => routePaths(child, full))]
}

/** Every route the code declares, as a template a request is counted under (never its URL). */
function appRouteTemplates() {
  const templates = routeTemplates([...routePaths(routeTree as RouteNode), ...apiRouteTemplates()])
  getAuth()
    .then((auth) => templates.add(authEndpointRoutes(auth.api).map((route) => AUTH_BASE_PATH + route.path)))
    .catch((error: unknown) => logger.warn({ err: error }, 'auth endpoints not named in metrics'))
  return templates.templateOf
}

/**
 * The pipeline; with METRICS_TOKEN set, requests are also counted, with
 * OTEL_EXPORTER_OTLP_ENDPOINT traced (prom-client and OpenTelemetry load only then).
 */
async function createHandle(): Promise<Next> {
  const config = env()
  // Production started it before listening (src/server/process/nitro-startup.ts); the dev server starts it here.
  startProcess({ closeOnSignal: true }).catch((error: unknown) => logger.error({ err: error }, 'start-up failed'))
  installPageRoutes(routePaths(routeTree as RouteNode))
  const steps = requestSteps(config, socketAddress)
  const templateOf = config.METRICS_TOKEN || config.OTEL_EXPORTER_OTLP_ENDPOINT ? appRouteTemplates() : undefined
  if (config.METRICS_TOKEN) {
    const { requestMetrics } = await import('@/server/observability/metrics.server')
    steps.unshift(requestMetrics(templateOf!))
  }
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { requestTracing, startTracing } = await import('@/server/observability/tracing.server')
    startTracing()
    steps.unshift(requestTracing(templateOf!))
  }
  return pipeline([requestLog(), ...steps], app)
}

let handle: Promise<Next> | undefined

/** Every request, whatever its route, goes through one pipeline (src/server/http). */
export default createServerEntry({
  async fetch(request) {
    handle ??= createHandle()
    return (await handle)(request)
  },
})
