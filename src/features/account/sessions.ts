import type { Device } from '@/lib/device'

/** One of the signed-in user's sessions, as the browser sees it: never its token. */
export interface OwnSession {
  id: string
  /** ISO times: signed in, last active (better-auth's updatedAt), expiry. */
  createdAt: string
  updatedAt: string
  expiresAt: string
  /** The session of this request. */
  current: boolean
  device: Device
}

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const

/** The error a revoke answers when the id is not one of the user's other sessions. */
export const SESSION_NOT_FOUND = 'SESSION_NOT_FOUND'
