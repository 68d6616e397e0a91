import { randomUUID } from 'node:crypto'

import { defineRequestState } from '@better-auth/core/context'
import { type createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { and, eq } from 'drizzle-orm'

import type { AuditAction } from '@/lib/audit-actions'
import type { Language } from '@/lib/i18n/config'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Database } from '@/server/db/client.server'
import { auditLog, passkey, user } from '@/server/db/schema'
import { passkeyEmail } from '@/server/email/mailer.server'
import { keepEmail, trySending } from '@/server/email/outbox.server'

import { headersOf } from './notice-hooks.server'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** What is known of a passkey before it is removed. */
const removing = defineRequestState<{ id: string; userId: string; name: string | null } | null>(() => null)

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
 * A passkey added or removed: its audit entry and the notice to the account's
 * address (issue 28), in one transaction with whatever `change` writes. The
 * notice is then tried at once; `quiet` addresses (the demo accounts) get none.
 */
export async function passkeyChanged(
  db: Database,
  {
    passkeyId,
    language,
    ip,
    quiet = () => false,
  }: { passkeyId: string; language: Language; ip: string | null; quiet?: (email: string) => boolean },
  change: (tx: Database) => Promise<Parameters<typeof auditPasskey>[1] | undefined>,
) {
  const kept = await db.transaction(async (tx) => {
    const entry = await change(tx)
    if (!entry) return
    await auditPasskey(tx, entry, ip)
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, entry.userId))
    if (!owner || quiet(owner.email)) return
    const mail = await passkeyEmail({
      change: entry.action === 'passkey.add' ? 'added' : 'removed',
      passkeyId,
      name: entry.name,
      email: owner.email,
      language,
    })
    return keepEmail(tx, mail.message, mail)
  })
  if (kept) await trySending(db, kept)
  return kept !== undefined
}

/**
 * The audit trail and the notices of a person's own passkeys, added and
 * removed through the auth service's passkey routes (the account page, or any
 * client of /api/auth). better-auth writes the passkey with no transaction we
 * could join: the entry and the notice are written in its after-hook.
 */
export function passkeyHooks(db: Database, quiet: (email: string) => boolean) {
  const ipOf = (ctx: HookContext) => getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options)
  const about = (ctx: HookContext, passkeyId: string) => ({
    passkeyId,
    language: languageFromHeaders(headersOf(ctx)),
    ip: ipOf(ctx),
    quiet,
  })
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
      await removing.set(found ? { id, userId: current.user.id, name: found.name } : null)
    },

    async after(ctx: HookContext) {
      if (isAPIError(ctx.context.returned)) return
      if (ctx.path === '/passkey/verify-registration') {
        const added = ctx.context.returned as { id?: string; userId?: string; name?: string | null } | undefined
        if (!added?.userId || !added.id) return
        const entry = {
          action: 'passkey.add',
          actorId: added.userId,
          userId: added.userId,
          name: added.name ?? null,
        } as const
        await passkeyChanged(db, about(ctx, added.id), async () => entry)
        return
      }
      if (ctx.path === '/passkey/delete-passkey') {
        const removed = await removing.get()
        if (!removed) return
        const { id, userId, name } = removed
        const entry = { action: 'passkey.remove', actorId: userId, userId, name } as const
        await passkeyChanged(db, about(ctx, id), async () => entry)
      }
    },
  }
}
