import type { AnyRouter } from '@tanstack/react-router'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
  defineHandlerCallback,
} from '@tanstack/react-start/server'

import { FORBIDDEN_ERROR, SessionUnavailableError } from '@/lib/auth/session'
import { env } from '@/lib/env.server'
import type { FormResult } from '@/lib/forms/form-result'
import { apiDoor } from '@/server/fast-paths/api-doors.server'
import { type Next, pipeline } from '@/server/http/pipeline.server'
import { requestLog } from '@/server/http/request-log.server'
import { requestSteps } from '@/server/http/request-pipeline.server'
import { NONCE_HEADER } from '@/server/http/security-headers.server'

/** The HTTP status of a page that a guard refused: the router only knows 200/404/500. */
function guardStatus(router: AnyRouter): number | undefined {
  const errors = router.state.matches.map((match) => match.error)
  if (errors.some((error) => error instanceof Error && error.message === FORBIDDEN_ERROR)) return 403
  if (errors.some((error) => error instanceof SessionUnavailableError)) return 503
  return undefined
}

/** A page rendered as the answer of its form's post (src/server/forms): the form's status (400, 429…). */
function formStatus(router: AnyRouter): number | undefined {
  const context = router.options.additionalContext as { serverContext?: { formResult?: FormResult } } | undefined
  return context?.serverContext?.formResult?.status
}

const handler = defineHandlerCallback(async (context) => {
  const result = await defaultStreamHandler(context)
  const status = guardStatus(context.router) ?? formStatus(context.router)
  if (!status) return result
  const response = result instanceof Response ? result : result.response
  const replaced = new Response(response.body, { status, headers: response.headers })
  return result instanceof Response ? replaced : { ...result, response: replaced }
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

let handle: Next | undefined

/** Every request, whatever its route, goes through one pipeline (src/server/http). */
export default createServerEntry({
  fetch(request) {
    handle ??= pipeline([requestLog(), ...requestSteps(env(), socketAddress)], app)
    return handle(request)
  },
})
