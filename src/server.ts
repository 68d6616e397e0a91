import type { AnyRouter } from '@tanstack/react-router'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
  defineHandlerCallback,
} from '@tanstack/react-start/server'
import { FORBIDDEN_ERROR, SessionUnavailableError } from '@/features/auth/session'
import { languageCookie } from '@/server/http/language-cookie.server'

/** The HTTP status of a page that a guard refused: the router only knows 200/404/500. */
function guardStatus(router: AnyRouter): number | undefined {
  const errors = router.state.matches.map((match) => match.error)
  if (errors.some((error) => error instanceof Error && error.message === FORBIDDEN_ERROR)) return 403
  if (errors.some((error) => error instanceof SessionUnavailableError)) return 503
  return undefined
}

const handler = defineHandlerCallback(async (context) => {
  const result = await defaultStreamHandler(context)
  const status = guardStatus(context.router)
  if (!status) return result
  const response = result instanceof Response ? result : result.response
  const replaced = new Response(response.body, { status, headers: response.headers })
  return result instanceof Response ? replaced : { ...result, response: replaced }
})

const startFetch = createStartHandler(handler)

export default createServerEntry({
  fetch: (request, opts) => languageCookie(request, async (next) => startFetch(next, opts)),
})
