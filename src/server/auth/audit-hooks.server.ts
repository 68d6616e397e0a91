import { defineRequestState } from '@better-auth/core/context'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'

import { type AuditAction, OWN_ROLE_ERROR_CODE } from '@/lib/audit-actions'
import { roleCan } from '@/lib/auth/role-matrix'
import type { Database } from '@/server/db/client.server'
import { session as sessionTable, user as userTable } from '@/server/db/schema'
import { logger } from '@/server/platform/logger.server'

import { type AuditCaller, recordAudit } from './audit.server'

/** The admin routes of the auth service and the action each one is recorded as. */
const AUDITED: Record<string, AuditAction> = {
  '/admin/create-user': 'user.create',
  '/admin/update-user': 'user.update',
  '/admin/remove-user': 'user.delete',
  '/admin/set-role': 'user.set-role',
  '/admin/set-user-password': 'user.set-password',
  '/admin/ban-user': 'user.ban',
  '/admin/unban-user': 'user.unban',
  '/admin/impersonate-user': 'user.impersonate',
  '/admin/stop-impersonating': 'user.stop-impersonating',
  '/admin/revoke-user-session': 'session.revoke',
  '/admin/revoke-user-sessions': 'session.revoke-all',
}

/** What the before hook learns while the target still exists (a deleted user, a revoked session), and who acts. */
interface Pending {
  by: AuditCaller
  targetUserId: string | null
  details: Record<string, unknown>
}

const pending = defineRequestState<Pending | null>(() => null)

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

interface AdminBody {
  userId?: string
  role?: string | string[]
  sessionToken?: string
  banReason?: string
  banExpiresIn?: number
  data?: Record<string, unknown>
}

const bodyOf = (ctx: HookContext) => (ctx.body ?? {}) as AdminBody
const rolesOf = (role: string | string[] | undefined) => (Array.isArray(role) ? role.join(',') : role)

/**
 * An admin may not change their own role (they could lock every admin out).
 * Checked only for callers who may change roles at all, so anyone else still
 * gets the auth service's own refusal.
 */
function refuseOwnRoleChange(
  ctx: HookContext,
  actor: { id: string; role?: string | null },
  currentRole: string | undefined,
) {
  const body = bodyOf(ctx)
  const requested = ctx.path === '/admin/set-role' ? body.role : (body.data?.role as string | string[] | undefined)
  if (requested === undefined || body.userId !== actor.id) return
  if (!roleCan(actor.role, { user: ['set-role'] })) return
  if (rolesOf(requested) === currentRole) return
  throw new APIError('BAD_REQUEST', { code: OWN_ROLE_ERROR_CODE, message: 'You cannot change your own role' })
}

async function beforeAdminAction(ctx: HookContext, db: Database): Promise<void> {
  const current = await getSessionFromCtx(ctx)
  if (!current) return // the route itself answers 401
  const body = bodyOf(ctx)
  const user = current.user as { id: string; role?: string | null }
  // An impersonation's admin acts, as the impersonated person (recordAudit).
  const by = { userId: user.id, impersonatedBy: (current.session as { impersonatedBy?: string | null }).impersonatedBy }
  const entry: Pending = { by, targetUserId: body.userId ?? null, details: {} }
  if (body.userId) {
    const [target] = await db
      .select({ email: userTable.email, name: userTable.name, role: userTable.role })
      .from(userTable)
      .where(eq(userTable.id, body.userId))
    if (ctx.path === '/admin/set-role' || ctx.path === '/admin/update-user')
      refuseOwnRoleChange(ctx, user, target?.role)
    if (target) entry.details = { email: target.email, name: target.name, previousRole: target.role }
  }
  if (ctx.path === '/admin/revoke-user-session' && body.sessionToken) {
    const [revoked] = await db
      .select({ id: sessionTable.id, userId: sessionTable.userId })
      .from(sessionTable)
      .where(eq(sessionTable.token, body.sessionToken))
    entry.targetUserId = revoked?.userId ?? null
    entry.details = { sessionId: revoked?.id ?? null }
  }
  // The caller is the impersonated person: the one who stops is the admin behind them (`by`).
  if (ctx.path === '/admin/stop-impersonating') entry.targetUserId = user.id
  await pending.set(entry)
}

/** The row's details: what was asked, never a secret (password, token). */
function detailsOf(ctx: HookContext, action: AuditAction, before: Record<string, unknown>): Record<string, unknown> {
  const body = bodyOf(ctx)
  const returned = ctx.context.returned as { user?: { email?: string; name?: string; role?: string } } | undefined
  switch (action) {
    case 'user.create':
      return { email: returned?.user?.email, name: returned?.user?.name, role: returned?.user?.role }
    case 'user.update': {
      const { password: _password, ...changes } = body.data ?? {}
      return { email: before.email, changes }
    }
    case 'user.set-role':
      return { email: before.email, role: rolesOf(body.role), previousRole: before.previousRole }
    case 'user.ban':
      return {
        email: before.email,
        reason: body.banReason ?? null,
        expiresAt: body.banExpiresIn ? new Date(Date.now() + body.banExpiresIn * 1000).toISOString() : null,
      }
    case 'session.revoke':
      return before
    default:
      return before.email ? { email: before.email } : {}
  }
}

async function afterAdminAction(ctx: HookContext, db: Database): Promise<void> {
  const action = AUDITED[ctx.path]
  const entry = await pending.get()
  if (!action || !entry || isAPIError(ctx.context.returned)) return
  const created = ctx.context.returned as { user?: { id?: string } } | undefined
  await recordAudit(db, {
    by: entry.by,
    action,
    targetUserId: action === 'user.create' ? (created?.user?.id ?? null) : entry.targetUserId,
    details: detailsOf(ctx, action, entry.details),
    ip: getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options),
  })
}

/**
 * Records every administrative action in the audit trail, whether it comes
 * through the app API (which calls these routes with `auth.api`) or straight
 * through /api/auth/admin/*, and adds the rules of ours both must answer the
 * same way (an admin cannot change their own role).
 */
export function auditTrail(db: Database): BetterAuthPlugin {
  const audited = (ctx: { path?: string }) => !!ctx.path && ctx.path in AUDITED
  return {
    id: 'audit-trail',
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            update: {
              // An impersonation ends an hour after it began: the session refresh
              // of get-session never pushes its end further (with or without the
              // "don't remember me" cookie the browser is given).
              async before(data, ctx) {
                const current = (
                  ctx?.context as
                    { session?: { session?: { impersonatedBy?: string | null; expiresAt?: Date } } } | undefined
                )?.session?.session
                if (!current?.impersonatedBy || !current.expiresAt || !('expiresAt' in data)) return
                return { data: { ...data, expiresAt: current.expiresAt } }
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [{ matcher: audited, handler: createAuthMiddleware((ctx) => beforeAdminAction(ctx, db)) }],
      after: [
        {
          matcher: audited,
          handler: createAuthMiddleware(async (ctx) => {
            try {
              await afterAdminAction(ctx, db)
            } catch (error) {
              // The action is done: a failed audit write is logged, not turned into a failure.
              logger.error({ err: error, path: ctx.path }, 'audit trail write failed')
            }
          }),
        },
      ],
    },
  }
}
