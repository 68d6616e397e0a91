import { defineRequestState } from '@better-auth/core/context'
import { APIError, type createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'

import { NOT_WHILE_IMPERSONATING, type ProofAction } from '@/lib/auth/proof-actions'
import { roleCan } from '@/lib/auth/role-matrix'
import type { Database } from '@/server/db/client.server'
import { sessionProof } from '@/server/db/schema'

import { recordAudit } from './audit.server'
import type { Clock } from './budgets.server'
import { authRouteRule, type Rule } from './proof-rules.server'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The message of SESSION_EXPIRED in the error catalogue (docs/product.md#errors). */
const SESSION_EXPIRED_MESSAGE = 'Session expired. Re-authenticate to perform this action.'
const IMPERSONATING_MESSAGE = 'Not allowed while acting as another user'

/** How long a proof lasts (decision 035): `windowSeconds` after the last protected action, never past `maxAgeSeconds`. */
export interface ProofTimes {
  windowSeconds: number
  maxAgeSeconds: number
}

export interface ProofCaller {
  userId: string
  role: string | null | undefined
  sessionId: string
  /** The session's sign-in: the proof that opened its window. */
  createdAt: Date | string
  impersonatedBy?: string | null
}

export type ProofRefusal =
  { code: typeof NOT_WHILE_IMPERSONATING } | { code: 'SESSION_EXPIRED'; action: ProofAction | null }

/**
 * Whether the session's proof is still open at `now`, keeping it open if so
 * (sudo mode): opened by the sign-in, kept open `windowSeconds` past each
 * protected action, closed `maxAgeSeconds` after the sign-in whatever is done.
 */
async function keepProofOpen(db: Database, caller: ProofCaller, times: ProofTimes, now: number) {
  const opened = new Date(caller.createdAt).getTime()
  if (now - opened >= times.maxAgeSeconds * 1000) return false
  const [kept] = await db
    .select({ usedAt: sessionProof.usedAt })
    .from(sessionProof)
    .where(eq(sessionProof.sessionId, caller.sessionId))
  const last = Math.max(opened, kept ? new Date(kept.usedAt).getTime() : opened)
  if (now - last >= times.windowSeconds * 1000) return false
  const usedAt = new Date(now)
  await db
    .insert(sessionProof)
    .values({ sessionId: caller.sessionId, usedAt })
    .onConflictDoUpdate({ target: sessionProof.sessionId, set: { usedAt } })
  return true
}

/**
 * What `rule` (proof-rules.server.ts) says of this signed-in caller's
 * request, for both doors: nothing (it goes on), or the refusal. A caller
 * without the route's grant is let through to the route's own refusal.
 */
export async function proofRefusal(
  db: Database,
  rule: Rule,
  caller: ProofCaller,
  body: unknown,
  times: ProofTimes,
  now: number,
): Promise<ProofRefusal | undefined> {
  if (rule.access === 'public') return
  if (rule.notWhileImpersonating && caller.impersonatedBy) return { code: NOT_WHILE_IMPERSONATING }
  if (rule.access !== 'proof' || (rule.grant && !roleCan(caller.role, rule.grant))) return
  const request = { db, userId: caller.userId, body: isRecord(body) ? body : {} }
  const needs = rule.when ? await rule.when(request) : true
  if (!needs || (await keepProofOpen(db, caller, times, now))) return
  return { code: 'SESSION_EXPIRED', action: needs === true ? rule.action : needs }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** The routes that sign in, and the way each gives the proof (recorded in the audit trail). */
const PROOF_METHODS: Record<string, string> = {
  '/sign-in/email-otp': 'email-code',
  '/passkey/verify-authentication': 'passkey',
}

/** The caller's session before this request signed in again (a proof replaces it). */
const replaced = defineRequestState<{ userId: string; token: string } | null>(() => null)

/**
 * The proof of presence at the auth service's door, as its routes are
 * classified (proof-rules.server.ts; the app API's procedures are checked
 * by theirs, src/server/api/procedure.server.ts): a route that needs it is
 * refused 403 SESSION_EXPIRED, nothing done, unless the session's proof is
 * open (PROOF_WINDOW_SECONDS, PROOF_MAX_AGE_SECONDS;
 * docs/decisions/035-passkeys-and-proof-of-presence.md); one refused while
 * impersonating is refused 403 NOT_WHILE_IMPERSONATING. Signing in again
 * while signed in (the proof dialog) is recorded as a proof and replaces the
 * session it renews.
 */
export function proofHooks(db: Database, times: ProofTimes, clock: Clock = Date.now) {
  return {
    async before(ctx: HookContext) {
      const method = PROOF_METHODS[ctx.path]
      const rule = authRouteRule(ctx.path)
      const guarded = rule.access === 'proof' || (rule.access === 'ordinary' && rule.notWhileImpersonating)
      if (!method && !guarded) return
      const current = await getSessionFromCtx(ctx)
      if (!current) return // signing in, or the route answers 401
      if (method) {
        if (!current.session.impersonatedBy)
          await replaced.set({ userId: current.user.id, token: current.session.token })
        return
      }
      const caller = {
        userId: current.user.id,
        role: (current.user as { role?: string | null }).role,
        sessionId: current.session.id,
        createdAt: current.session.createdAt,
        impersonatedBy: current.session.impersonatedBy,
      }
      const refusal = await proofRefusal(db, rule, caller, ctx.body ?? ctx.query, times, clock())
      if (refusal?.code === NOT_WHILE_IMPERSONATING)
        throw new APIError('FORBIDDEN', { code: refusal.code, message: IMPERSONATING_MESSAGE })
      if (refusal)
        throw new APIError('FORBIDDEN', {
          code: refusal.code,
          message: SESSION_EXPIRED_MESSAGE,
          ...(refusal.action ? { proofAction: refusal.action } : {}),
        })
    },

    async after(ctx: HookContext) {
      const method = PROOF_METHODS[ctx.path]
      const previous = method ? await replaced.get() : null
      if (!previous || isAPIError(ctx.context.returned)) return
      const signedIn = ctx.context.returned as { user?: { id?: string } } | undefined
      if (signedIn?.user?.id !== previous.userId) return
      await ctx.context.internalAdapter.deleteSession(previous.token)
      await recordAudit(db, {
        by: { userId: previous.userId, impersonatedBy: null }, // a proof is never recorded for an impersonation
        action: 'user.proof',
        targetUserId: previous.userId,
        details: { method },
        ip: getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options),
      })
    },
  }
}
