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

type FoundSession = { user: Record<string, unknown> } | null
interface SessionReader {
  findSession: (token: string) => Promise<FoundSession>
}

/**
 * Makes better-auth's one session read (`internalAdapter.findSession`: behind
 * get-session, every route that needs a session, and `auth.api.getSession`)
 * answer a banned person's session as no session, whoever wrote the ban: the
 * admin routes end the sessions themselves, but a script or `psql` only sets
 * `banned`. The session stays in the database (it works again once a ban's end
 * has passed); its cookie is cleared as that of an unknown session.
 *
 * better-auth builds its internal adapter while it builds its context, after
 * the plugins' `init`: it is wrapped once that context is ready, before any
 * request can read it (every call awaits the same promise, in order).
 */
export function refuseBannedSessions(auth: { $context: Promise<{ internalAdapter: SessionReader }> }) {
  void auth.$context.then(
    ({ internalAdapter }) => {
      const findSession = internalAdapter.findSession.bind(internalAdapter)
      internalAdapter.findSession = async (token) => {
        const found = await findSession(token)
        return found && isBanned(found.user as BanFields) ? null : found
      }
    },
    // A context that cannot be built fails every request that awaits it: nothing to wrap.
    () => {},
  )
}
