import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

import { demoModeErrorBody } from '@/lib/demo/demo-error'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** How long a demo session lasts, from sign-in (never extended): the sessions list stays small. */
export const DEMO_SESSION_SECONDS = 60 * 60

/**
 * Demo mode: a code can be requested to sign in, nothing else (e-mail
 * verification, password reset… write verification rows): refused like any
 * other write, 403 `DEMO_MODE`.
 */
export function demoSendRule(ctx: HookContext) {
  if (ctx.path !== '/email-otp/send-verification-otp') return
  const type = (ctx.body as { type?: unknown } | undefined)?.type
  if (type !== 'sign-in') throw new APIError('FORBIDDEN', demoModeErrorBody())
}

/** Routes that list sessions with their address and device. */
const SESSION_LISTS = ['/admin/list-user-sessions', '/list-sessions']

interface ListedSession {
  id?: string
  ipAddress?: string | null
  userAgent?: string | null
}

/**
 * Demo mode: everyone may sign in as the demo admin, so no one sees where
 * another visitor connects from: every session but the caller's own is listed
 * without its address and device.
 */
export async function maskOtherSessions(ctx: HookContext) {
  if (!SESSION_LISTS.includes(ctx.path)) return
  const returned = ctx.context.returned as { sessions?: ListedSession[] } | ListedSession[] | undefined
  const list = Array.isArray(returned) ? returned : returned?.sessions
  if (!Array.isArray(list)) return
  const own = (await getSessionFromCtx(ctx))?.session.id
  const masked = list.map((item) => (item.id === own ? item : { ...item, ipAddress: null, userAgent: null }))
  return ctx.json(Array.isArray(returned) ? masked : { ...returned, sessions: masked })
}
