import { createHmac, timingSafeEqual } from 'node:crypto'

import { eq, getTableColumns, sql } from 'drizzle-orm'

import type { Auth } from '@/server/auth/auth.server'
import type { Database } from '@/server/db/client.server'
import { session, user } from '@/server/db/schema'

type SessionResult = Awaited<ReturnType<Auth['api']['getSession']>>

/** better-call signs a cookie as `value.base64(HMAC-SHA256(secret, value))`: 44 characters ending in `=`. */
const SIGNATURE_LENGTH = 44

/** One cookie's value from a Cookie header (URL-decoded as better-call does), or undefined. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

/** The value of a cookie signed by better-call with `secret`, or undefined when absent or not validly signed. */
export function verifiedCookieValue(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return undefined
  const value = signed.slice(0, dot)
  const signature = Buffer.from(signed.slice(dot + 1), 'utf8')
  if (signature.length !== SIGNATURE_LENGTH || signature.at(-1) !== 0x3d) return undefined
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'), 'utf8')
  return expected.length === signature.length && timingSafeEqual(expected, signature) ? value : undefined
}

const sessionColumns = getTableColumns(session)
const userColumns = getTableColumns(user)

function prepareSessionQuery(db: Database) {
  return db
    .select({ session: sessionColumns, user: userColumns })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('read_session')
}

// Prepared once per database: its SQL is built once in this process, and
// parsed and planned once per connection by PostgreSQL (a named statement).
const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>()
function sessionQuery(db: Database) {
  let query = sessionQueries.get(db)
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)))
  return query
}

/**
 * The caller's session for the API's reads, in one query (session joined to
 * its user by the signed token) and a synchronous HMAC check, instead of
 * better-auth's `getSession` (an endpoint context, WebCrypto's asynchronous
 * verify, and the session then the user in two queries): per request that
 * was most of the book list API's time (docs/performance.md).
 *
 * It answers only the plain case: a validly signed token of a live session
 * that is not due a refresh. Everything else goes to better-auth, which then
 * decides as before: no or a forged cookie, an expired or unknown session
 * (deleted, with its cookie), one past `updateAge` (its expiry extended), the
 * "don't remember me" cookie. Sessions stay in the database only, so a
 * revoked session (sign-out, ban, revoke) stops working at once here too.
 */
export async function readSession(auth: Auth, db: Database, headers: Headers): Promise<SessionResult> {
  const context = await auth.$context
  const cookies = headers.get('cookie')
  const signed = cookieValue(cookies, context.authCookies.sessionToken.name)
  if (!signed) return null
  const token = verifiedCookieValue(signed, context.secret)
  if (!token || cookieValue(cookies, context.authCookies.dontRememberToken.name) !== undefined) {
    return auth.api.getSession({ headers })
  }
  const [row] = await sessionQuery(db).execute({ token })
  const now = Date.now()
  const { expiresIn, updateAge } = context.sessionConfig
  const refreshDue =
    !context.options.session?.disableSessionRefresh &&
    row !== undefined &&
    row.session.expiresAt.valueOf() - expiresIn * 1000 + updateAge * 1000 <= now
  if (!row || row.session.expiresAt.valueOf() <= now || refreshDue) return auth.api.getSession({ headers })
  return row as unknown as SessionResult
}
