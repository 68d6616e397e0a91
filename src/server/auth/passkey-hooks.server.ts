import { randomUUID } from 'node:crypto'

import { defineRequestState } from '@better-auth/core/context'
import { type createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { and, eq } from 'drizzle-orm'

import type { AuditAction } from '@/lib/audit-actions'
import type { Database } from '@/server/db/client.server'
import { auditLog, passkey } from '@/server/db/schema'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** What is known of a passkey before it is removed. */
const removing = defineRequestState<{ userId: string; name: string | null } | null>(() => null)

/** An entry of the audit trail about `userId`'s passkeys (done by `actorId`: the owner, or an admin). */
export async function auditPasskey(
  db: Database,
  entry: { action: Extract<AuditAction, `passkey.${string}`>; actorId: string; userId: string; name: string | null },
  ip: string | null,
) {
  await db.insert(auditLog).values({
    id: randomUUID(),
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.userId,
    details: { name: entry.name },
    ip,
  })
}

/**
 * The audit trail of a person's own passkeys, added and removed through the
 * auth service's passkey routes (the account page, or any client of /api/auth).
 */
export function passkeyHooks(db: Database) {
  const ipOf = (ctx: HookContext) => getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options)
  return {
    async before(ctx: HookContext) {
      if (ctx.path !== '/passkey/delete-passkey') return
      const id = (ctx.body as { id?: unknown } | undefined)?.id
      const current = await getSessionFromCtx(ctx)
      if (typeof id !== 'string' || !current) return
      const [found] = await db
        .select({ name: passkey.name })
        .from(passkey)
        .where(and(eq(passkey.id, id), eq(passkey.userId, current.user.id)))
      await removing.set(found ? { userId: current.user.id, name: found.name } : null)
    },

    async after(ctx: HookContext) {
      if (isAPIError(ctx.context.returned)) return
      if (ctx.path === '/passkey/verify-registration') {
        const added = ctx.context.returned as { userId?: string; name?: string | null } | undefined
        if (!added?.userId) return
        const entry = {
          action: 'passkey.add',
          actorId: added.userId,
          userId: added.userId,
          name: added.name ?? null,
        } as const
        return auditPasskey(db, entry, ipOf(ctx))
      }
      if (ctx.path === '/passkey/delete-passkey') {
        const removed = await removing.get()
        if (!removed) return
        const entry = { action: 'passkey.remove', actorId: removed.userId, ...removed } as const
        return auditPasskey(db, entry, ipOf(ctx))
      }
    },
  }
}
