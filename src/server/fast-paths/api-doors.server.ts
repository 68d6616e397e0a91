import type { Auth } from '@/server/auth/auth.server'
import { API_PREFIX, type ApiDoorName, apiDoorOf } from '@/server/http/api-prefixes.server'
import { hasAuthCookie } from '@/server/http/cookies.server'

import { plainSessionAnswer } from './session-read.server'

export type Door = (request: Request) => Promise<Response>

const GET_SESSION = `${API_PREFIX.auth}/get-session`

/**
 * The API's three doors (the typed client's, REST's, the auth service's) by
 * path, or undefined for a page or a document. They are answered by the server
 * entry behind the request pipeline, as every request, but before the page
 * router: they need none of its per-request set-up (a router built and matched
 * for each request, ~9 % of the list API's CPU). Which methods each serves is
 * the pipeline's `methodCheck`.
 *
 * `GET /api/auth/get-session`, the most asked question of all (every page
 * load's session check), is answered here as better-auth would, without
 * building its request context: `null` without any better-auth cookie, and a
 * live session not due a refresh from one query (`plainSessionAnswer`); every
 * other case (forged, expired, refresh due…) goes through the auth door
 * (`answeringSessionChecks`).
 */
export function apiDoors(doors: Record<ApiDoorName, Door>): (pathname: string) => Door | undefined {
  return (pathname) => {
    const door = apiDoorOf(pathname)
    return door && doors[door]
  }
}

/** The auth service's door, with `GET /api/auth/get-session` answered first where it can be (above). */
export function answeringSessionChecks(auth: Auth, door: Door): Door {
  return async (request) => (await sessionAnswer(auth, request)) ?? door(request)
}

async function sessionAnswer(auth: Auth, request: Request): Promise<Response | undefined> {
  if (request.method !== 'GET' || new URL(request.url).pathname !== GET_SESSION) return undefined
  if (!hasAuthCookie(request.headers.get('cookie'))) return Response.json(null)
  const plain = await plainSessionAnswer(auth, auth.db, request.headers)
  return plain ? Response.json(plain) : undefined
}
