/** What the browser knows of the signed-in user: never the session token. */
export interface SessionUser {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  /** The uploaded avatar's content address (src/lib/pictures/shapes.ts), or null. */
  avatar: string | null
  role: string
  onboardedAt: string | null
  /** While an admin acts as this user: the admin's id (the impersonation banner shows). */
  impersonatedBy: string | null
}

export const FORBIDDEN_ERROR = 'FORBIDDEN'

/**
 * The session could not be read (the database is down, say): a page that
 * needs one shows the area's error screen with HTTP 503, inside the document,
 * instead of failing the whole render.
 */
export class SessionUnavailableError extends Error {
  readonly status = 503

  constructor() {
    super('SESSION_UNAVAILABLE')
    this.name = 'SessionUnavailableError'
  }
}
