/**
 * The API's three doors, by path prefix: the typed client's (oRPC), REST's
 * (the same router) and the auth service's (better-auth). The one list that
 * the pipeline's steps (methods, cross-site, body limits, security headers)
 * and the server entry's dispatch (src/server/fast-paths/api-doors.server.ts) read.
 */
export const API_PREFIX = { rpc: '/api/rpc', rest: '/api/rest', auth: '/api/auth' } as const

export type ApiDoorName = keyof typeof API_PREFIX

const DOOR_NAMES = Object.keys(API_PREFIX) as ApiDoorName[]

/** Whether `pathname` is below the door's prefix (`/api/rpc/…`, not `/api/rpcx`). */
export const isBelow = (pathname: string, door: ApiDoorName) => pathname.startsWith(`${API_PREFIX[door]}/`)

/** The door `pathname` belongs to, or undefined for a page, a document or an asset. */
export function apiDoorOf(pathname: string): ApiDoorName | undefined {
  return DOOR_NAMES.find((door) => isBelow(pathname, door))
}
