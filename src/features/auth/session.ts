/** What the browser knows of the signed-in user: never the session token. */
export interface SessionUser {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  role: string
  onboardedAt: string | null
  /** While an admin acts as this user: the admin's id (the impersonation banner shows). */
  impersonatedBy: string | null
}

export const FORBIDDEN_ERROR = 'FORBIDDEN'
