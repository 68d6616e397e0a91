import { defineRequestState } from '@better-auth/core/context'
import { type createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { and, eq, ne } from 'drizzle-orm'

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/i18n/config'
import { languageFromHeaders } from '@/lib/i18n/detect.server'
import type { Database } from '@/server/db/client.server'
import { knownDevice, user } from '@/server/db/schema'
import { bannedEmail, emailChangedEmails, newDeviceEmail } from '@/server/email/mailer.server'
import { keepEmail, trySending } from '@/server/email/outbox.server'
import { describeDevice, deviceKind } from '@/server/platform/device.server'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The request's headers, whichever way the auth service was called (HTTP, or `auth.api` with headers). */
export const headersOf = (ctx: { request?: Request; headers?: Headers } | null | undefined) =>
  ctx?.request?.headers ?? ctx?.headers

/** The language a person's e-mails speak when they did not ask for them: their last sign-in's. */
export const storedLanguage = (language: string | null | undefined): Language =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE

/** The address before an e-mail change, known before the route changes it, and the language its notices speak. */
const changingFrom = defineRequestState<{ userId: string; email: string; language: Language } | null>(() => null)

/**
 * The security notices better-auth's routes cause (src/server/email/README.md):
 * a sign-in on a new device, an e-mail changed (by the person, or by an admin), a ban. better-auth writes the
 * cause itself and opens no transaction we could join, so each notice is kept
 * in the outbox in its after-hook, before the route answers
 * (docs/decisions/040-security-notices.md). `quiet`: addresses never mailed
 * (the public demo accounts).
 */
export function noticeHooks(db: Database, quiet: (email: string) => boolean) {
  return {
    async before(ctx: HookContext) {
      if (ctx.path === '/admin/update-user') return adminChangingEmail(ctx)
      if (ctx.path !== '/email-otp/change-email') return
      const current = await getSessionFromCtx(ctx)
      const language = languageFromHeaders(headersOf(ctx))
      if (current) await changingFrom.set({ userId: current.user.id, email: current.user.email, language })
    },

    async after(ctx: HookContext) {
      if (isAPIError(ctx.context.returned)) return
      if (ctx.path === '/email-otp/change-email' || ctx.path === '/admin/update-user') return emailChanged()
      if (ctx.path === '/admin/ban-user') return banned(ctx)
    },

    /**
     * A session opened (any way of signing in): the person's language is kept,
     * and a device kind the account has not signed in on is told by e-mail,
     * unless it is the account's first (a new account has no "other" device).
     * The device and its e-mail are one transaction: a device never becomes
     * known without its notice.
     */
    async sessionCreated(
      session: { id: string; userId: string; userAgent?: string | null; ipAddress?: string | null; createdAt: Date },
      ctx: { request?: Request; headers?: Headers } | null,
    ) {
      // An admin acting as the user is not the user signing in (and has their own trail).
      if ((session as { impersonatedBy?: string | null }).impersonatedBy) return
      const language = languageFromHeaders(headersOf(ctx))
      const device = deviceKind(session.userAgent)
      const kept = await db.transaction(async (tx) => {
        const [person] = await tx
          .update(user)
          .set({ language })
          .where(eq(user.id, session.userId))
          .returning({ email: user.email })
        const [added] = await tx
          .insert(knownDevice)
          .values({ userId: session.userId, device })
          .onConflictDoNothing()
          .returning()
        if (!person || !added || quiet(person.email)) return
        const [other] = await tx
          .select({ device: knownDevice.device })
          .from(knownDevice)
          .where(and(eq(knownDevice.userId, session.userId), ne(knownDevice.device, device)))
          .limit(1)
        if (!other) return
        const mail = await newDeviceEmail({
          sessionId: session.id,
          email: person.email,
          language,
          device: describeDevice(session.userAgent),
          ip: session.ipAddress ?? null,
          at: new Date(session.createdAt),
        })
        return keepEmail(tx, mail.message, mail)
      })
      if (kept) await trySending(db, kept)
    },
  }

  /** An admin setting another address (the user manager): the notices speak the person's language, not the admin's. */
  async function adminChangingEmail(ctx: HookContext) {
    const body = (ctx.body ?? {}) as { userId?: unknown; data?: { email?: unknown } }
    if (typeof body.userId !== 'string' || typeof body.data?.email !== 'string') return
    const [target] = await db
      .select({ email: user.email, language: user.language })
      .from(user)
      .where(eq(user.id, body.userId))
    if (target)
      await changingFrom.set({ userId: body.userId, email: target.email, language: storedLanguage(target.language) })
  }

  async function emailChanged() {
    const before = await changingFrom.get()
    if (!before) return
    const [now] = await db
      .select({ email: user.email, updatedAt: user.updatedAt })
      .from(user)
      .where(eq(user.id, before.userId))
    if (!now || now.email === before.email) return
    const mails = await emailChangedEmails({
      userId: before.userId,
      oldEmail: before.email,
      newEmail: now.email,
      language: before.language,
      changedAt: now.updatedAt,
    })
    const ids = []
    for (const mail of mails) if (!quiet(mail.message.to)) ids.push(await keepEmail(db, mail.message, mail))
    for (const id of ids) await trySending(db, id)
  }

  async function banned(ctx: HookContext) {
    const userId = (ctx.body as { userId?: unknown } | undefined)?.userId
    if (typeof userId !== 'string') return
    const [target] = await db.select().from(user).where(eq(user.id, userId))
    if (!target?.banned || quiet(target.email)) return
    const mail = await bannedEmail({
      userId,
      email: target.email,
      // The admin's request says nothing of the banned person's language: their last sign-in's.
      language: storedLanguage(target.language),
      reason: target.banReason,
      expiresAt: target.banExpires,
      bannedAt: target.updatedAt,
    })
    await trySending(db, await keepEmail(db, mail.message, mail))
  }
}
