import { randomUUID } from 'node:crypto'

import { defineRequestState } from '@better-auth/core/context'
import { APIError, type createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { and, count, eq } from 'drizzle-orm'

import { roleCan } from '@/lib/auth/role-matrix'
import type { Database } from '@/server/db/client.server'
import { auditLog, passkey } from '@/server/db/schema'

import type { Clock } from './budgets.server'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The message of SESSION_EXPIRED in the error catalogue (docs/product.md#errors). */
const SESSION_EXPIRED = { code: 'SESSION_EXPIRED', message: 'Session expired. Re-authenticate to perform this action.' }

/**
 * The routes of the actions that cannot be undone, and the grant a caller needs
 * for them at all: without it the route refuses on its own (403), and saying
 * 'prove your presence' would wrongly hint that proof could help.
 */
const PROOF_ROUTES: Record<string, Partial<Record<string, readonly string[]>>> = {
  '/admin/remove-user': { user: ['delete'] },
  '/admin/set-role': { user: ['set-role'] },
  '/admin/update-user': { user: ['set-role'] },
  '/admin/ban-user': { user: ['ban'] },
  '/admin/impersonate-user': { user: ['impersonate'] },
  '/admin/revoke-user-sessions': { session: ['revoke'] },
  '/delete-user': {},
  '/passkey/delete-passkey': {},
}

/** The routes that sign in, and the way each proves presence (recorded in the audit trail). */
const PROOF_METHODS: Record<string, string> = {
  '/sign-in/email-otp': 'email-code',
  '/passkey/verify-authentication': 'passkey',
}

/** Whether this request needs the proof: update-user only when it sets a role, a passkey only the last one. */
async function needsProof(ctx: HookContext, userId: string, db: Database) {
  const body = (ctx.body ?? {}) as { data?: { role?: unknown }; id?: unknown }
  if (ctx.path === '/admin/update-user') return body.data?.role !== undefined
  if (ctx.path !== '/passkey/delete-passkey') return true
  if (typeof body.id !== 'string') return false
  const owned = await db
    .select({ id: passkey.id })
    .from(passkey)
    .where(and(eq(passkey.id, body.id), eq(passkey.userId, userId)))
  if (owned.length === 0) return false // the route answers that it is not found
  const [total] = await db.select({ value: count() }).from(passkey).where(eq(passkey.userId, userId))
  return (total?.value ?? 0) <= 1
}

/** The caller's session before this request signed in again (a proof replaces it). */
const replaced = defineRequestState<{ userId: string; token: string } | null>(() => null)

/**
 * A fresh proof of presence before the actions that cannot be undone, whatever
 * the door (the app API calls these same routes): a session signed in within
 * `maxAgeSeconds` (PROOF_MAX_AGE_SECONDS, 5 minutes by default;
 * docs/decisions/035-passkeys-and-proof-of-presence.md), else 403
 * SESSION_EXPIRED and nothing done. Signing
 * in again while signed in (the proof dialog) is recorded as a proof and
 * replaces the session it renews.
 */
export function presenceHooks(db: Database, maxAgeSeconds: number, clock: Clock = Date.now) {
  return {
    async before(ctx: HookContext) {
      const permission = PROOF_ROUTES[ctx.path]
      const method = PROOF_METHODS[ctx.path]
      if (!permission && !method) return
      const current = await getSessionFromCtx(ctx)
      if (!current) return // signing in, or the route answers 401
      if (method) {
        if (!current.session.impersonatedBy)
          await replaced.set({ userId: current.user.id, token: current.session.token })
        return
      }
      const role = (current.user as { role?: string | null }).role
      if (!roleCan(role, permission!) || !(await needsProof(ctx, current.user.id, db))) return
      const age = clock() - new Date(current.session.createdAt).getTime()
      if (age >= maxAgeSeconds * 1000) throw new APIError('FORBIDDEN', SESSION_EXPIRED)
    },

    async after(ctx: HookContext) {
      const method = PROOF_METHODS[ctx.path]
      const previous = method ? await replaced.get() : null
      if (!previous || isAPIError(ctx.context.returned)) return
      const signedIn = ctx.context.returned as { user?: { id?: string } } | undefined
      if (signedIn?.user?.id !== previous.userId) return
      await ctx.context.internalAdapter.deleteSession(previous.token)
      await db.insert(auditLog).values({
        id: randomUUID(),
        actorId: previous.userId,
        action: 'user.proof',
        targetUserId: previous.userId,
        details: { method },
        ip: getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options),
      })
    },
  }
}
