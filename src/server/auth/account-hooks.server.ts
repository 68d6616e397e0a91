import { APIError, getSessionFromCtx, type createAuthMiddleware } from 'better-auth/api'
import { ACCOUNT_ERROR_CODES } from '@/features/auth/auth-errors'
import { nameSchema } from '@/features/auth/schemas'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The e-mail change endpoints of the emailOTP plugin. */
export const CHANGE_EMAIL_PATHS = ['/email-otp/request-email-change', '/email-otp/change-email']

/**
 * Rules of the account page that better-auth does not enforce itself; they run
 * before its endpoints, whatever client calls them:
 * - `/update-user`: the name follows the onboarding rule ('Name is required',
 *   'Name is invalid'), trimmed;
 * - changing the e-mail needs a fresh session (SESSION_EXPIRED otherwise, as
 *   better-auth's delete-user does) and an address no one uses
 *   ('Email already used'; better-auth would answer success and send nothing).
 */
export async function accountHooks(ctx: HookContext) {
  if (ctx.path === '/update-user') return checkName(ctx)
  if (CHANGE_EMAIL_PATHS.includes(ctx.path)) return checkEmailChange(ctx)
}

function checkName(ctx: HookContext) {
  const body = (ctx.body ?? {}) as { name?: unknown }
  if (!('name' in body)) return
  const result = nameSchema.safeParse(body.name)
  if (!result.success) {
    const required = result.error.issues.some((issue) => issue.message === 'auth:validation.nameRequired')
    throw new APIError('BAD_REQUEST', {
      code: required ? ACCOUNT_ERROR_CODES.NAME_REQUIRED : ACCOUNT_ERROR_CODES.NAME_INVALID,
      message: required ? 'Name is required' : 'Name is invalid',
    })
  }
  return { context: { body: { ...body, name: result.data } } }
}

async function checkEmailChange(ctx: HookContext) {
  // Without a session the endpoint answers 401 itself: say nothing of addresses.
  const session = await getSessionFromCtx(ctx)
  if (!session) return
  const freshAge = ctx.context.sessionConfig.freshAge
  if (freshAge !== 0 && Date.now() - new Date(session.session.createdAt).getTime() >= freshAge * 1000) {
    throw new APIError('FORBIDDEN', {
      code: 'SESSION_EXPIRED',
      message: 'Session expired. Re-authenticate to perform this action.',
    })
  }
  const newEmail = (ctx.body as { newEmail?: unknown } | undefined)?.newEmail
  if (typeof newEmail !== 'string') return
  const taken = await ctx.context.internalAdapter.findUserByEmail(newEmail.trim().toLowerCase())
  if (taken && taken.user.id !== session.user.id) {
    throw new APIError('BAD_REQUEST', { code: ACCOUNT_ERROR_CODES.EMAIL_ALREADY_USED, message: 'Email already used' })
  }
}
