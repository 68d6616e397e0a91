import { defineRequestState } from '@better-auth/core/context'
import { type createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { and, eq } from 'drizzle-orm'

import type { AuditAction } from '@/lib/audit-actions'
import type { Language } from '@/lib/i18n/config'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Database } from '@/server/db/client.server'
import { passkey, user } from '@/server/db/schema'
import { passkeyEmail } from '@/server/email/mailer.server'
import { keepEmail, trySending } from '@/server/email/outbox.server'

import { type AuditCaller, recordAudit } from './audit.server'
import { headersOf } from './notice-hooks.server'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** What is known of a passkey before it is removed, and of who removes it. */
const removing = defineRequestState<{ id: string; userId: string; name: string | null; by: AuditCaller } | null>(
  () => null,
)

/** A change to `userId`'s passkeys, done `by` a session: the owner's, an admin's, or an impersonation. */
interface PasskeyChange {
  action: Extract<AuditAction, `passkey.${string}`>
  by: AuditCaller
  userId: string
  name: string | null
}

/** The session a better-auth route runs with, as the audit trail names it. */
const callerOf = (session: { userId: string; impersonatedBy?: string | null }): AuditCaller => ({
  userId: session.userId,
  impersonatedBy: session.impersonatedBy,
})

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
  change: (tx: Database) => Promise<PasskeyChange | undefined>,
) {
  const kept = await db.transaction(async (tx) => {
    const entry = await change(tx)
    if (!entry) return
    const { action, by, userId, name } = entry
    await recordAudit(tx, { by, action, targetUserId: userId, details: { name }, ip })
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
      await removing.set(
        found ? { id, userId: current.user.id, name: found.name, by: callerOf(current.session) } : null,
      )
    },

    async after(ctx: HookContext) {
      if (isAPIError(ctx.context.returned)) return
      if (ctx.path === '/passkey/verify-registration') {
        const added = ctx.context.returned as { id?: string; userId?: string; name?: string | null } | undefined
        const current = await getSessionFromCtx(ctx)
        if (!added?.userId || !added.id || !current) return
        const entry = {
          action: 'passkey.add',
          by: callerOf(current.session),
          userId: added.userId,
          name: added.name ?? null,
        } as const
        await passkeyChanged(db, about(ctx, added.id), async () => entry)
        return
      }
      if (ctx.path === '/passkey/delete-passkey') {
        const removed = await removing.get()
        if (!removed) return
        const { id, userId, name, by } = removed
        const entry = { action: 'passkey.remove', by, userId, name } as const
        await passkeyChanged(db, about(ctx, id), async () => entry)
      }
    },
  }
}
