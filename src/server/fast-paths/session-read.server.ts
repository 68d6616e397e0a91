import type { Auth } from '@/server/auth/auth.server'
import { isBanned } from '@/server/auth/bans.server'
import {
  sessionByToken,
  sessionCookieRules,
  type SessionRow,
  verifiedCookieValue,
} from '@/server/auth/internals.server'
import type { Database } from '@/server/db/client.server'
import { parseCookies } from '@/server/http/cookies.server'
import { fastPathTally } from '@/server/platform/tallies.server'

import { keptReads } from './kept-reads.server'

type SessionResult = Awaited<ReturnType<Auth['api']['getSession']>>

/** A session read depends on its session's row (found by token) and its user's row. */
export const sessionDependsOn = (row: SessionRow) => [`session:${row.session.id}`, `user:${row.user.id}`]

/**
 * Session reads kept by signed cookie until the database announces a write to
 * that session or its user, in any process (migration 0027): most requests
 * then make one round trip to the database instead of two. A revoked
 * session, a ban or a role change therefore counts from the notice, a
 * millisecond after its commit here and at once in the writing process
 * (docs/decisions/024-kept-session-reads.md, 043-forget-by-key.md). The
 * expiry is checked at every read, kept or not.
 */
const keptSessions = keptReads<SessionRow>({
  name: 'session',
  reads: ['session', 'user'],
  // A session is read by its token, joined to its user: a new row of either is never part of a kept one.
  insertsCannotChange: ['session', 'user'],
  dependsOn: sessionDependsOn,
  max: 10_000,
  maxAgeMs: 60_000,
})

/**
 * The session of a validly signed cookie, kept by the signed value (its
 * signature was checked when read). Frozen: requests share what is kept.
 */
function sessionRow(db: Database, signed: string, secret: string) {
  return keptSessions(db, signed, async () => {
    const token = verifiedCookieValue(signed, secret)
    if (!token) return undefined
    const [row] = await sessionByToken(db).execute({ token })
    return row && Object.freeze({ ...row, session: Object.freeze(row.session), user: Object.freeze(row.user) })
  })
}

/**
 * The session of the plain case, read in one query (session joined to its
 * user by the signed token) after a synchronous HMAC check, or kept from an
 * earlier read: a validly signed token of a live session that is not due a
 * refresh, of a person not banned. `null` when there is no session cookie
 * at all; `undefined` when better-auth must decide: a forged cookie, an
 * expired or unknown session (deleted, with its cookie), one past `updateAge`
 * (its expiry extended), the "don't remember me" cookie, a ban (refused there:
 * src/server/auth/bans.server.ts).
 */
async function plainSession(auth: Auth, db: Database, headers: Headers): Promise<SessionRow | null | undefined> {
  const rules = await sessionCookieRules(auth)
  // The server's one parse of the header, which reads it as better-auth's getSession does.
  const cookies = parseCookies(headers.get('cookie'))
  const signed = cookies.get(rules.sessionCookie)
  if (!signed) return null
  if (cookies.has(rules.dontRememberCookie)) return undefined
  const row = await sessionRow(db, signed, rules.secret)
  const now = Date.now()
  const refreshDue = row !== undefined && rules.refreshDue(row.session.expiresAt, now)
  // A ban is checked at every read too, kept or not: one written in SQL ends no session, one that runs out announces nothing.
  const plain = row && row.session.expiresAt.valueOf() > now && !refreshDue && !isBanned(row.user, now)
  fastPathTally.inc({ path: 'session-read', result: plain ? 'hit' : 'miss' })
  return plain ? row : undefined
}

/**
 * The caller's session for the API's reads (`plainSession`) instead of
 * better-auth's `getSession` (an endpoint context, WebCrypto's asynchronous
 * verify, and the session then the user in two queries): per request that
 * was most of the book list API's time (docs/performance.md). Everything
 * but the plain case goes to better-auth, which then decides as before.
 */
export async function readSession(auth: Auth, db: Database, headers: Headers): Promise<SessionResult> {
  const row = await plainSession(auth, db, headers)
  if (row === null) return null
  if (!row) return auth.api.getSession({ headers })
  return { session: row.session, user: row.user } as unknown as SessionResult
}

/**
 * The answer of `GET /api/auth/get-session` for the plain case, as better-auth
 * gives it (the session without its token, its user), from the one query;
 * undefined when better-auth must decide (see `plainSession`).
 */
export async function plainSessionAnswer(auth: Auth, db: Database, headers: Headers) {
  const row = await plainSession(auth, db, headers)
  if (!row) return undefined
  const { token: _token, ...session } = row.session
  return { session, user: row.user }
}
