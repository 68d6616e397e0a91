import { ORPCError, os } from '@orpc/server'

import type { AuthErrorCode } from '@/lib/auth/auth-errors'
import type { Permission } from '@/lib/auth/permissions'
import { roleCan } from '@/lib/auth/role-matrix'
import { DEMO_MODE_ERROR_CODE, DEMO_MODE_STATUS } from '@/lib/demo/demo-error'
import { proofRefusal } from '@/server/auth/proof.server'
import { procedureRule } from '@/server/auth/proof-rules.server'
import { rememberWrite, replicasOfDatabase } from '@/server/db/replicas.server'
import { readSession } from '@/server/fast-paths/session-read.server'

import { apiError, toApiError } from '../http/api-errors.server'
import { authServiceError } from './auth-service.server'
import type { ApiContext } from './context.server'

/**
 * The building blocks of every procedure. Each procedure declares its access
 * in one line, its REST route, and zod schemas shared with the forms:
 *
 *   export const create = withPermission({ book: ['create'] })
 *     .route({ method: 'POST', path: '/books' })
 *     .input(bookFormSchema)
 *     .output(bookSchema)
 *     .handler(({ context, input }) => …)
 *
 * Reads are `GET`; anything else is a mutation, refused in demo mode.
 */
const translated = os
  .$context<ApiContext>()
  // Outermost: whatever fails below (validation, database, a bug) leaves as
  // a translated API error, never a stack trace or SQL text.
  .use(async ({ context, next }) => {
    try {
      return await next()
    } catch (error) {
      throw await toApiError(error, context.language)
    }
  })

const base = translated.use(async ({ context, procedure, next }) => {
  const method = procedure['~orpc'].route.method ?? 'POST'
  if (method === 'GET') return next()
  if (context.demoMode) {
    throw new ORPCError(DEMO_MODE_ERROR_CODE, {
      status: DEMO_MODE_STATUS,
      message: 'demo:dialog.description',
      data: { key: 'demo:dialog.description' },
    })
  }
  const result = await next()
  // With replicas, the writer's reads go to the primary until a replica has replayed the write,
  // on this instance and (the cookie) on the others.
  const writer = replicasOfDatabase(context.db) && (await sessionOf(context))?.user.id
  if (writer) {
    const cookie = await rememberWrite(context.db, writer, context.env.BASE_URL?.startsWith('https:') ?? false)
    if (cookie) context.resHeaders?.append('set-cookie', cookie)
  }
  return result
})

/** Open to anyone, signed in or not. */
export const publicProcedure = base

/**
 * Open to anyone and accepted in demo mode too: for what a browser measures
 * (Core Web Vitals), which is nobody's data and changes no record a visitor
 * sees but the dashboard's aggregate.
 */
export const measurementProcedure = translated

// One session lookup per request (keyed by its headers), however many
// procedures it calls: a server-rendered page prefetches several.
const sessions = new WeakMap<Headers, ReturnType<typeof readSession>>()

/** The caller's session and user (null when signed out), read once per request. */
export function sessionOf(context: ApiContext) {
  let session = sessions.get(context.headers)
  if (!session) {
    session = readSession(context.auth, context.db, context.headers)
    sessions.set(context.headers, session)
  }
  return session
}

/** The signed-in caller, from the session cookie (a banned user has no session). */
const signedIn = base.use(async ({ context, next }) => {
  const result = await sessionOf(context)
  if (!result) throw apiError('UNAUTHORIZED')
  const { user, session } = result
  return next({
    context: {
      user: { id: user.id, name: user.name, email: user.email, role: user.role ?? 'user' },
      session: { id: session.id, impersonatedBy: session.impersonatedBy ?? null },
    },
  })
})

/**
 * The procedure's classification (src/server/auth/proof-rules.server.ts),
 * applied before its input is even validated: refused while impersonating, or
 * 403 SESSION_EXPIRED naming the action until the caller gives the proof.
 */
export const proofCheck = os.$context<ApiContext>().middleware(async ({ context, path, next }, input) => {
  const result = await sessionOf(context)
  if (!result) throw apiError('UNAUTHORIZED')
  const { user, session } = result
  const caller = {
    userId: user.id,
    role: user.role,
    sessionId: session.id,
    createdAt: session.createdAt,
    impersonatedBy: session.impersonatedBy,
  }
  const times = { windowSeconds: context.env.PROOF_WINDOW_SECONDS, maxAgeSeconds: context.env.PROOF_MAX_AGE_SECONDS }
  const refusal = await proofRefusal(context.db, procedureRule(path), caller, input, times, Date.now())
  if (refusal) throw authServiceError(403, refusal.code, {}, 'action' in refusal ? refusal.action : null)
  return next()
})

/** The signed-in caller, from the session cookie (a banned user has no session). */
export const authedProcedure = signedIn.use(proofCheck)

/**
 * Signed in, and the caller's role grants `permission` (docs/product.md#permissions): the one line of access of every procedure. A procedure that
 * stands for an admin route of the auth service names that route's refusal
 * (`deniedCode`, e.g. YOU_ARE_NOT_ALLOWED_TO_BAN_USERS), so both doors
 * refuse alike; otherwise the refusal is the API's FORBIDDEN.
 */
export function withPermission(permission: Permission, deniedCode?: AuthErrorCode) {
  // The grant first: without it the refusal is the rule's, not a proof that would not help.
  return signedIn
    .use(({ context, next }) => {
      if (roleCan(context.user.role, permission)) return next()
      if (deniedCode) throw authServiceError(403, deniedCode)
      throw apiError('FORBIDDEN', undefined, { values: { resource: Object.keys(permission).join(', ') } })
    })
    .use(proofCheck)
}
