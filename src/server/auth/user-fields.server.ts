import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'

import { ACCOUNT_ERROR_CODES } from '@/lib/auth/auth-errors'
import { ROLES } from '@/lib/auth/permissions'
import { imageSchema, nameSchema } from '@/lib/auth/schemas'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]
type Body = Record<string, unknown>

/**
 * Where each route of the auth service carries a user's fields: the body
 * itself, or its `data` (admin routes). Every route that can write a name, an
 * image or a role is listed, so one rule holds whichever is used.
 */
const FIELDS_BY_PATH: Record<
  string,
  { name?: 'body' | 'data'; image: Array<'body' | 'data'>; role: Array<'body' | 'data'> }
> = {
  // Sign-up by code: `name` and `image` are stored for a new address.
  '/sign-in/email-otp': { name: 'body', image: ['body'], role: [] },
  '/update-user': { name: 'body', image: ['body'], role: [] },
  // create-user stores `name` from the body over `data.name`, and `role` or `data.role`.
  '/admin/create-user': { name: 'body', image: ['body', 'data'], role: ['body', 'data'] },
  '/admin/update-user': { name: 'data', image: ['data'], role: ['data'] },
  '/admin/set-role': { image: [], role: ['body'] },
}

/**
 * The rules of the user's fields, before any route of the auth service
 * stores them: the name (1–100 characters, no markup; trimmed), the image
 * (an http(s) URL of bounded length, or null) and the role (exactly one of
 * the roles, never a list such as "user,admin"). A refusal is 400 with the
 * code the pages translate. Who may call comes first: a caller the route
 * itself refuses (signed out: 401, not an admin: 403) is left to it.
 */
export async function userFieldRules(ctx: HookContext) {
  const fields = FIELDS_BY_PATH[ctx.path]
  if (!fields || !ctx.body || typeof ctx.body !== 'object') return
  if (ctx.path !== '/sign-in/email-otp') {
    const session = await getSessionFromCtx(ctx)
    if (!session || (ctx.path.startsWith('/admin/') && session.user.role !== 'admin')) return
  }
  const body = { ...(ctx.body as Body) }
  const data = isObject(body.data) ? { ...body.data } : undefined
  const holders = { body, data }

  if (fields.name) {
    const holder = holders[fields.name]
    if (holder && 'name' in holder && holder.name !== undefined) holder.name = checkName(holder.name)
  }
  for (const where of fields.image) {
    const holder = holders[where]
    if (holder && 'image' in holder && holder.image !== undefined && !imageSchema.safeParse(holder.image).success) {
      throw refusal(ACCOUNT_ERROR_CODES.IMAGE_INVALID, 'Image is invalid')
    }
  }
  for (const where of fields.role) {
    const holder = holders[where]
    if (holder && 'role' in holder && holder.role !== undefined && !isOneRole(holder.role)) {
      throw refusal(ACCOUNT_ERROR_CODES.ROLE_INVALID, 'Role is invalid')
    }
  }
  if (data) body.data = data
  return { context: { body } }
}

/**
 * A new account's fields that no route checked: a social provider's profile
 * (GitHub, OpenID Connect). A name that breaks the rule is left empty, so
 * onboarding asks for one; an image that is not an http(s) URL is dropped.
 */
export function withProviderFieldsChecked<User extends { name?: unknown; image?: unknown }>(account: User): User {
  const name = nameSchema.safeParse(account.name)
  const image = imageSchema.safeParse(account.image ?? null)
  return { ...account, name: name.success ? name.data : '', image: image.success ? image.data : null }
}

function checkName(value: unknown) {
  const result = nameSchema.safeParse(value)
  if (result.success) return result.data
  const required = result.error.issues.some((issue) => issue.message === 'auth:validation.nameRequired')
  throw required
    ? refusal(ACCOUNT_ERROR_CODES.NAME_REQUIRED, 'Name is required')
    : refusal(ACCOUNT_ERROR_CODES.NAME_INVALID, 'Name is invalid')
}

/** `admin`, `user`, or a list of exactly one of them (the auth service joins lists with commas). */
function isOneRole(value: unknown) {
  const list = Array.isArray(value) ? value : [value]
  return list.length === 1 && (ROLES as unknown[]).includes(list[0])
}

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function refusal(code: string, message: string) {
  return new APIError('BAD_REQUEST', { code, message })
}
