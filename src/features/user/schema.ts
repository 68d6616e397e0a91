import { dateTimeSchema, idInputSchema, idSchema } from '@/lib/api-schemas'
import { type Role, ROLES } from '@/lib/auth/permissions'
import { emailSchema, nameSchema } from '@/lib/auth/schemas'
import { deviceSchema } from '@/lib/device'
import { messageKey } from '@/lib/i18n/keys'
import { z } from '@/lib/i18n/zod'
import { listInputSchema, pageSchema, sortOrderSchema } from '@/lib/pagination'
import { USER_SORTS } from '@/lib/search-params'

/** Shared by the API and the user form (messages are i18n keys). */
export const roleSchema = z.enum(ROLES as [Role, ...Role[]])

export const userFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  role: roleSchema,
})
export type UserFormValues = z.infer<typeof userFormSchema>

export const userUpdateInputSchema = idInputSchema.extend(userFormSchema.shape)
export const setRoleInputSchema = idInputSchema.extend({ role: roleSchema })

/**
 * `user.list`'s input: the search, a sort with its direction, a role, the
 * banned state (`true` or `false`, as a query string carries it), the page.
 */
export const userListInputSchema = listInputSchema.extend({
  // The columns the user list sorts by (`?sort=`): name by default.
  sort: z.enum(USER_SORTS).default('name'),
  order: sortOrderSchema,
  role: roleSchema.optional(),
  banned: z.enum(['true', 'false']).optional(),
})

/** A row of the users list. */
export const userListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: roleSchema,
  banned: z.boolean(),
  /** The uploaded avatar's content address (src/lib/pictures/shapes.ts), or null. */
  avatar: z.string().nullable(),
})
export type UserListItem = z.infer<typeof userListItemSchema>

/** A user's detail. */
export const userSchema = userListItemSchema.extend({
  banReason: z.string().nullable(),
  banExpires: dateTimeSchema.nullable(),
  onboardedAt: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
})
export type UserDetail = z.infer<typeof userSchema>

/** A ban: a reason and an optional end (an ISO date-time in the future). */
export const BAN_REASON_MAX = 500
const banFieldsSchema = z.object({
  reason: z.string().trim().max(BAN_REASON_MAX).default(''),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => new Date(value).getTime() > Date.now(), messageKey('user:validation.banEndInPast'))
    .optional(),
})
export const banInputSchema = idInputSchema.extend(banFieldsSchema.shape)

/**
 * The ban dialog's fields, read as `banFieldsSchema`: the date input's last
 * day (yyyy-mm-dd, optional) becomes an end at 23:59:59 that day in the
 * admin's time zone, so the ban lasts through the chosen day.
 */
export const banFormSchema = z
  .object({ reason: z.string(), expiresAt: z.string() })
  .transform(({ reason, expiresAt }): z.input<typeof banFieldsSchema> => {
    const end = new Date(`${expiresAt}T23:59:59`)
    return { reason, expiresAt: expiresAt ? (Number.isNaN(end.getTime()) ? expiresAt : end.toISOString()) : undefined }
  })
  .pipe(banFieldsSchema)

/** Pages of a user's sessions or audit trail: newest first. */
export const userPageInputSchema = idInputSchema.extend(listInputSchema.omit({ searchTerm: true }).shape)

const sessionItemSchema = z.object({
  id: z.string(),
  device: deviceSchema,
  ipAddress: z.string().nullable(),
  createdAt: dateTimeSchema,
  lastActiveAt: dateTimeSchema,
  expiresAt: dateTimeSchema,
  /** The session of the caller's own request. */
  current: z.boolean(),
  /** An admin acting as this user. */
  impersonated: z.boolean(),
})
export type SessionItem = z.infer<typeof sessionItemSchema>
export const sessionPageSchema = pageSchema(sessionItemSchema)

export const sessionInputSchema = idInputSchema.extend({ sessionId: idSchema })
export const passkeyInputSchema = idInputSchema.extend({ passkeyId: idSchema })

const auditPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() })

const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: auditPersonSchema.nullable(),
  /** The person the actor acted as, impersonating them (null otherwise, or when they are gone). */
  actingAs: auditPersonSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: dateTimeSchema,
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditPageSchema = pageSchema(auditEntrySchema)
