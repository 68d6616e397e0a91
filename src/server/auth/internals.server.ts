import { createHmac, timingSafeEqual } from 'node:crypto'

import { eq, getTableColumns, sql } from 'drizzle-orm'

import type { Database } from '@/server/db/client.server'
import { preparedPerDatabase } from '@/server/db/prepared.server'
import { session, user } from '@/server/db/schema'

/**
 * The one module that reads better-auth past its documented API: its context
 * (`auth.$context`), how it names and signs its cookies, when it extends a
 * session, how its session table is read, the shape of its endpoints. What
 * we rely on is pinned by internals.integration.test.ts: an upgrade that
 * changes any of it fails there first.
 */

type FoundSession = { user: Record<string, unknown> } | null

/** What of better-auth's context the server reads, and nothing else of it. */
interface AuthContextRead {
  secret: string
  authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } }
  /** Seconds. */
  sessionConfig: { expiresIn: number; updateAge: number }
  options: { session?: { disableSessionRefresh?: boolean } }
  internalAdapter: { findSession: (token: string) => Promise<FoundSession> }
}

interface WithContext {
  $context: Promise<AuthContextRead>
}

/** better-call signs a cookie as `value.base64(HMAC-SHA256(secret, value))`: 44 characters ending in `=`. */
const SIGNATURE_LENGTH = 44

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

/**
 * How better-auth keeps a session in its cookies: their names, the secret
 * that signs them, and when a read extends the session (`getSession` does
 * once `updateAge` has passed since the expiry was last set, unless refresh
 * is off). One read of the context, per call: every session read starts here.
 */
export async function sessionCookieRules(auth: WithContext) {
  const context = await auth.$context
  const { expiresIn, updateAge } = context.sessionConfig
  const refreshOff = context.options.session?.disableSessionRefresh === true
  return {
    sessionCookie: context.authCookies.sessionToken.name,
    /** Set instead of a lasting cookie by a sign-in that asked not to be remembered. */
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    secret: context.secret,
    refreshDue: (expiresAt: Date, now: number) =>
      !refreshOff && expiresAt.valueOf() - expiresIn * 1000 + updateAge * 1000 <= now,
  }
}

// The user as better-auth answers it: its own fields and `additionalFields` (src/server/auth/auth.server.ts),
// not the columns only the server reads (`language`: the e-mails sent with no request of the person's;
// `search`: what the user list's search matches).
const { language: _language, search: _search, ...userColumns } = getTableColumns(user)

/**
 * A session and its user as better-auth's `getSession` answers them, by the
 * session's `token`: the value its signed cookie carries.
 */
export const sessionByToken = preparedPerDatabase((db: Database) =>
  db
    .select({ session: getTableColumns(session), user: userColumns })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('read_session'),
)

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByToken>['execute']>>[number]

/**
 * Makes better-auth's one session read (`internalAdapter.findSession`: behind
 * get-session, every route that needs a session, and `auth.api.getSession`)
 * answer no session when `refused(found)`.
 *
 * better-auth builds its internal adapter while it builds its context, after
 * the plugins' `init`: it is wrapped once that context is ready, before any
 * request can read it (every call awaits the same promise, in order).
 */
export function refuseFoundSessions(
  auth: { $context: Promise<Pick<AuthContextRead, 'internalAdapter'>> },
  refused: (found: NonNullable<FoundSession>) => boolean,
) {
  void auth.$context.then(
    ({ internalAdapter }) => {
      const findSession = internalAdapter.findSession.bind(internalAdapter)
      internalAdapter.findSession = async (token) => {
        const found = await findSession(token)
        return found && refused(found) ? null : found
      }
    },
    // A context that cannot be built fails every request that awaits it: nothing to wrap.
    () => {},
  )
}

export interface AuthEndpointRoute {
  path: string
  methods: string[]
}

/** better-auth's HTTP endpoints (server-only ones have no path), from `auth.api`. */
export function authEndpointRoutes(api: Record<string, unknown>): AuthEndpointRoute[] {
  const routes: AuthEndpointRoute[] = []
  for (const endpoint of Object.values(api)) {
    const { path, options } = endpoint as {
      path?: string
      options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } }
    }
    if (!path || !options || options.metadata?.SERVER_ONLY) continue
    const methods = Array.isArray(options.method) ? options.method : [options.method ?? '*']
    routes.push({ path, methods: methods.map((method) => method.toUpperCase()) })
  }
  return routes
}
