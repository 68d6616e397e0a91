import type { Auth } from '@/server/auth/auth.server'
import { describeDevice } from '@/server/device.server'
import { SESSION_NOT_FOUND, type OwnSession } from './sessions'

/**
 * The active sessions of the user signed in with `headers`, most recently
 * active first (null when signed out). Read through better-auth's adapter;
 * tokens stay on the server.
 */
export async function listOwnSessions(auth: Auth, headers: Headers): Promise<OwnSession[] | null> {
  const current = await auth.api.getSession({ headers })
  if (!current) return null
  const context = await auth.$context
  // Only the unexpired ones (filtered by the query itself).
  const sessions = await context.internalAdapter.listSessions(current.user.id, { onlyActiveSessions: true })
  return sessions
    .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
    .map((session) => ({
      id: session.id,
      createdAt: new Date(session.createdAt).toISOString(),
      updatedAt: new Date(session.updatedAt).toISOString(),
      expiresAt: new Date(session.expiresAt).toISOString(),
      current: session.id === current.session.id,
      device: describeDevice(session.userAgent),
    }))
}

/**
 * Revokes one of the signed-in user's other sessions by its id: the token is
 * looked up here and handed to better-auth's revoke-session, never sent to the
 * browser. Another user's session, an unknown id or the current session
 * (that is sign-out) throw SESSION_NOT_FOUND; signed out throws UNAUTHORIZED.
 */
export async function revokeOwnSession(auth: Auth, headers: Headers, id: string): Promise<void> {
  const current = await auth.api.getSession({ headers })
  if (!current) throw new Error('UNAUTHORIZED')
  const context = await auth.$context
  const sessions = await context.internalAdapter.listSessions(current.user.id)
  const target = sessions.find((session) => session.id === id)
  if (!target || target.id === current.session.id) throw new Error(SESSION_NOT_FOUND)
  await auth.api.revokeSession({ body: { token: target.token }, headers })
}
