import type { Env } from '@/lib/env.server'
import type { Language } from '@/lib/i18n/config'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Auth } from '@/server/auth/auth.server'
import type { Database } from '@/server/db/client.server'
import { clientAddressOf } from '@/server/http/client-address.server'

/**
 * What every procedure receives. Built per request from the process's
 * singletons (see `requestContext`), or by tests from their own database.
 */
export interface ApiContext {
  /** The caller's request headers: the session cookie is read from them. */
  headers: Headers
  db: Database
  auth: Auth
  /** The run-time settings (tests pass their own). */
  env: Env
  demoMode: boolean
  /** The language of error messages (cookie, then Accept-Language). */
  language: Language
  /** The socket's address, for the audit trail; never a forgeable header. */
  clientIp?: string
  /** The answer's headers (oRPC's ResponseHeadersPlugin; absent on server-side calls). */
  resHeaders?: Headers
}

export function apiContext(parts: {
  headers: Headers
  db: Database
  auth: Auth
  env: Env
  clientIp?: string
}): ApiContext {
  return {
    headers: parts.headers,
    db: parts.db,
    auth: parts.auth,
    env: parts.env,
    demoMode: parts.env.DEMO_MODE,
    language: languageFromHeaders(parts.headers),
    clientIp: parts.clientIp,
  }
}

/**
 * The context of one HTTP request (or SSR render) in this process; the
 * client address is the one the request pipeline resolved (src/server/http).
 */
export async function requestContext(headers: Headers, clientIp = clientAddressOf(headers)): Promise<ApiContext> {
  modules ??= Promise.all([
    import('@/lib/env.server'),
    import('@/server/db/index.server'),
    import('@/server/auth/auth.server'),
  ])
  const [{ env }, { getDb }, { getAuth }] = await modules
  return apiContext({ headers, db: await getDb(), auth: await getAuth(), env: env(), clientIp })
}

// Imported on first use (they open the database), then kept: an import() per request is not free.
let modules:
  | Promise<
      [
        typeof import('@/lib/env.server'),
        typeof import('@/server/db/index.server'),
        typeof import('@/server/auth/auth.server'),
      ]
    >
  | undefined
