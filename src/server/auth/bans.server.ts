import { refuseFoundSessions } from './internals.server'

/** The ban fields of a user, as the database and better-auth's admin plugin keep them. */
export interface BanFields {
  banned?: boolean | null
  banExpires?: Date | string | null
}

/**
 * Whether a ban holds at `now`: set, with no end or an end still ahead. A ban
 * whose end has passed holds no more (better-auth lifts it in the database at
 * the person's next sign-in).
 */
export function isBanned(user: BanFields, now = Date.now()) {
  if (!user.banned) return false
  return !user.banExpires || new Date(user.banExpires).getTime() > now
}

/**
 * Answers a banned person's session as no session, on every session read of
 * better-auth's, whoever wrote the ban: the admin routes end the sessions
 * themselves, but a script or `psql` only sets `banned`. The session stays in
 * the database (it works again once a ban's end has passed); its cookie is
 * cleared as that of an unknown session.
 */
export function refuseBannedSessions(auth: Parameters<typeof refuseFoundSessions>[0]) {
  refuseFoundSessions(auth, (found) => isBanned(found.user as BanFields))
}
