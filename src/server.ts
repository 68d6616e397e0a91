import type { AnyRouter } from '@tanstack/react-router'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
  defineHandlerCallback,
} from '@tanstack/react-start/server'
import { FORBIDDEN_ERROR } from '@/features/auth/session'

/** The HTTP status of a page that a guard refused: the router only knows 200/404/500. */
function guardStatus(router: AnyRouter): number | undefined {
  const refused = router.state.matches.some(
    (match) => match.error instanceof Error && match.error.message === FORBIDDEN_ERROR,
  )
  return refused ? 403 : undefined
}

const handler = defineHandlerCallback(async (context) => {
  const result = await defaultStreamHandler(context)
  const status = guardStatus(context.router)
  if (!status) return result
  const response = result instanceof Response ? result : result.response
  const replaced = new Response(response.body, { status, headers: response.headers })
  return result instanceof Response ? replaced : { ...result, response: replaced }
})

export default createServerEntry({ fetch: createStartHandler(handler) })
