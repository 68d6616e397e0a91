import { randomUUID } from 'node:crypto'

import type { Logger } from 'pino'

import { isClientAbort, logger as defaultLogger, truncate } from '@/server/platform/logger.server'
import { currentScope, type RequestScope, requestScope } from '@/server/platform/request-scope.server'

import { type PipelineStep, withResponseHeaders } from './pipeline.server'

const REQUEST_ID_HEADER = 'x-request-id'

/** A caller's (or proxy's) request id is kept only if it is short and plain. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/

function requestIdOf(request: Request): string {
  const incoming = request.headers.get(REQUEST_ID_HEADER)
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

// A segment that names a record (uuid, number, random id), not a route.
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=.*\d)[A-Za-z0-9_-]{16,})$/i

/**
 * The route a request took, without the records it named and without the
 * query string: `/manager/books/4f…/update` → `/manager/books/:id/update`.
 * Few distinct values (fit for grouping) and no personal data in the logs.
 */
export function routePattern(pathname: string): string {
  const pattern = pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/')
  return truncate(pattern, 200)
}

/**
 * The request-log step, outermost in the pipeline: gives each request an id
 * (sent back as X-Request-Id, and on every log line written while it is
 * handled) and writes one line when it is answered: method, route, status,
 * duration. A failure that no inner step answered is logged with its class
 * and code and answered 500; a client that went away is one `info` line,
 * not a stack trace.
 */
export function requestLog(log: Logger = defaultLogger): PipelineStep {
  return (request, next) => {
    const requestId = requestIdOf(request)
    const started = performance.now()
    const line = () => ({
      method: truncate(request.method, 16),
      route: routePattern(new URL(request.url).pathname),
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    })
    return requestScope(requestId, async () => {
      try {
        const response = withHeaders(await next(request), {
          [REQUEST_ID_HEADER]: requestId,
          'server-timing': serverTiming(currentScope()!, performance.now() - started),
        })
        const level = response.status >= 500 ? 'error' : 'info'
        // The line is built only if written (LOG_LEVEL=warn writes no `info`).
        if (log.isLevelEnabled(level)) log[level]({ ...line(), status: response.status }, 'request')
        return response
      } catch (error) {
        // Answered here, not rethrown: the framework would print the raw
        // error (message, parameters, stack) on stderr.
        if (isClientAbort(error) || request.signal.aborted) {
          log.info({ ...line(), status: 499, aborted: true }, 'request aborted by the client')
          return new Response(null, { status: 499, headers: { [REQUEST_ID_HEADER]: requestId } })
        }
        log.error({ ...line(), status: 500, err: error }, 'request failed')
        return Response.json(
          { message: 'Internal Server Error' },
          { status: 500, headers: { [REQUEST_ID_HEADER]: requestId } },
        )
      }
    })
  }
}

/**
 * For the browser's devtools: the time in database queries and the time to
 * the answer's headers (a page's render, an API's work; a streamed page's
 * rest follows).
 */
function serverTiming(scope: RequestScope, ms: number) {
  return `db;dur=${scope.dbMs.toFixed(1)};desc="${scope.queries} queries", app;dur=${ms.toFixed(1)}`
}

/** The response with `headers` set on it. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  return withResponseHeaders(response, (own) => {
    for (const [name, value] of Object.entries(headers)) own.set(name, value)
  })
}
