import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

import { ACCOUNT_ERROR_CODES } from '@/lib/auth/auth-errors'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The e-mail change endpoints of the emailOTP plugin. */
const CHANGE_EMAIL_PATHS = ['/email-otp/request-email-change', '/email-otp/change-email']

/**
 * Rules of the account page that better-auth does not enforce itself; they run
 * before its endpoints, whatever client calls them (the name's rule is in
 * user-fields.server.ts):
 * - changing the e-mail needs an address no one uses ('Email already used';
 *   better-auth would answer success and send nothing); its proof of presence
 *   is proof.server.ts's.
 */
export async function accountHooks(ctx: HookContext) {
  if (CHANGE_EMAIL_PATHS.includes(ctx.path)) return checkEmailChange(ctx)
}

async function checkEmailChange(ctx: HookContext) {
  // Without a session the endpoint answers 401 itself: say nothing of addresses.
  const session = await getSessionFromCtx(ctx)
  if (!session) return
  const newEmail = (ctx.body as { newEmail?: unknown } | undefined)?.newEmail
  if (typeof newEmail !== 'string') return
  const taken = await ctx.context.internalAdapter.findUserByEmail(newEmail.trim().toLowerCase())
  if (taken && taken.user.id !== session.user.id) {
    throw new APIError('BAD_REQUEST', { code: ACCOUNT_ERROR_CODES.EMAIL_ALREADY_USED, message: 'Email already used' })
  }
}

/**
 * A banned address gets no code ('You have been banned from this application'),
 * whatever its type: no e-mail leaves. A ban that has ended does not count.
 */
export async function refuseBannedSend(ctx: HookContext) {
  if (ctx.path !== '/email-otp/send-verification-otp') return
  const email = (ctx.body as { email?: unknown } | undefined)?.email
  if (typeof email !== 'string') return
  const found = await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase())
  const user = found?.user as { banned?: boolean | null; banExpires?: Date | string | null } | undefined
  if (!user?.banned) return
  if (user.banExpires && new Date(user.banExpires).getTime() <= Date.now()) return
  throw new APIError('FORBIDDEN', { code: 'BANNED_USER', message: 'You have been banned from this application' })
}
