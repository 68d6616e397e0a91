import { env } from '@/lib/env.server'
import { type Next, pipeline } from '@/server/http/pipeline.server'
import { apiDoor } from '@/server/pipeline/doors.server'
import { requestSteps } from '@/server/pipeline/request-pipeline.server'

/**
 * The server entry's pipeline and API doors (src/server.ts) on this process's
 * database (DATABASE_URL, as the env says); any other path goes to `other` (404).
 */
export function serverDoors(other: Next = async () => new Response(null, { status: 404 })): Next {
  return pipeline(
    requestSteps(env(), () => '127.0.0.1'),
    async (request) => {
      const door = apiDoor(new URL(request.url).pathname)
      return door ? door(request) : other(request)
    },
  )
}

/** A request as the app's own pages send it: from its origin, with the session's cookie, the body as JSON. */
export function sameOriginRequest(baseUrl: string, method: string, path: string, cookie: string, body?: unknown) {
  return new Request(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}
