import { and, type AnyColumn, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { passkeySchema } from '@/lib/auth/passkey-schema'
import { pageSchema } from '@/lib/pagination'
import type { ApiContext } from '@/server/api/context.server'
import {
  afterCursor,
  allOf,
  decodeCursor,
  exactCount,
  filteredPageIds,
  type KeysetOrder,
  largeListTotal,
  orderBy,
  pageWithTotal,
  searchColumnWhere,
  searchGramsMask,
  toPage,
} from '@/server/api/pagination.server'
import { withPermission } from '@/server/api/procedure.server'
import { storedLanguage } from '@/server/auth/notice-hooks.server'
import { passkeyChanged } from '@/server/auth/passkey-hooks.server'
import { listPasskeys } from '@/server/auth/passkeys.server'
import { requestReader } from '@/server/db/replicas.server'
import { auditLog, passkey, session, user, userSearchSlice } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'
import { describeDevice } from '@/server/platform/device.server'

import { callAdminRoute } from './auth-service.server'
import {
  auditPageSchema,
  banInputSchema,
  passkeyInputSchema,
  roleSchema,
  sessionInputSchema,
  sessionPageSchema,
  setRoleInputSchema,
  userFormSchema,
  userListInputSchema,
  userListItemSchema,
  userPageInputSchema,
  userSchema,
  userUpdateInputSchema,
} from './schema'

const TAGS = ['Users']

const listColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  role: user.role,
  banned: user.banned,
  avatar: user.avatar,
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** A row with its role as the API types it (the auth service only ever stores one of `ROLES`). */
const withRole = <Row extends { role: string }>(row: Row) => ({ ...row, role: roleSchema.parse(row.role) })

async function findUser(context: ApiContext, id: string) {
  const [found] = await context.db
    .select({
      ...listColumns,
      banReason: user.banReason,
      banExpires: user.banExpires,
      onboardedAt: user.onboardedAt,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, id))
  if (!found) throw apiError('NOT_FOUND')
  return {
    ...withRole(found),
    banExpires: iso(found.banExpires),
    onboardedAt: iso(found.onboardedAt),
    createdAt: found.createdAt.toISOString(),
    updatedAt: found.updatedAt.toISOString(),
  }
}

/**
 * Newest first on (time, id): rows strictly before the cursor. The cursor
 * keeps the database's own text of the time (microseconds), so no row is
 * skipped or repeated between pages.
 */
function beforeCursor(timeColumn: AnyColumn, idColumn: AnyColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined
  const { sort, id } = decodeCursor(cursor)
  return sql`(${timeColumn}, ${idColumn}) < (${sort}::timestamptz, ${id})`
}

/** The user list's order: by name or e-mail, then id. */
const userOrder = (input: typeof userListInputSchema._zod.output): KeysetOrder => ({
  sort: input.sort === 'email' ? user.email : user.name,
  id: user.id,
  descending: input.order === 'desc',
})

/**
 * Users by name or e-mail (then id), searchable on both, filtered by role and
 * banned state, a page at a time. A filtered page is found wherever its rows
 * sit in the order (`filteredPageIds`: a rare role or the banned few from
 * their own index; a search skips the slices of the order its words are not
 * in, decision 041).
 */
const list = withPermission({ user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS')
  .route({
    method: 'GET',
    path: '/users',
    summary: 'List users',
    description:
      '`sort` (`name` or `email`) and `order` (`asc` or `desc`); `role` and `banned` (`true` or `false`) filter; `searchTerm` matches the name or the e-mail.',
    tags: TAGS,
  })
  .input(userListInputSchema)
  .output(pageSchema(userListItemSchema))
  .handler(async ({ context: { db: primary, headers, user: reader }, input }) => {
    // Not kept: a replica serves it, unless it has not replayed the reader's own last write.
    const db = requestReader({ db: primary, headers }, reader.id)
    const order = userOrder(input)
    const search = searchColumnWhere(input.searchTerm, user.search, [user.name, user.email])
    const mask = searchGramsMask(input.searchTerm)
    const filter = allOf(
      search,
      input.role ? eq(user.role, input.role) : undefined,
      input.banned ? eq(user.banned, input.banned === 'true') : undefined,
    )
    const after = afterCursor(order, input.cursor)
    const rows = input.limit + 1
    const { rows: found, total } = await pageWithTotal(
      input,
      () =>
        // A role or a ban alone is a range of its (role|banned, sort, id) index: the plain keyset query.
        search && filter
          ? db
              .select(listColumns)
              .from(
                sql`${filteredPageIds(user, order, {
                  filter,
                  after,
                  rows,
                  walkColumns: [user.search, user.role, user.banned],
                  slices: mask && { table: userSearchSlice, sort: input.sort, mask },
                })} as page`,
              )
              .innerJoin(user, sql`${user.id} = page.id`)
              .orderBy(orderBy(order))
          : db.select(listColumns).from(user).where(allOf(filter, after)).orderBy(orderBy(order)).limit(rows),
      () =>
        largeListTotal(db, user, Boolean(filter), () => db.select({ id: user.id }).from(user).where(filter).$dynamic()),
    )
    const page = toPage(found, input.limit, (row) => (input.sort === 'email' ? row.email : row.name))
    return { ...page, items: page.items.map(withRole), ...total }
  })

const get = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}', summary: 'Get a user', tags: TAGS })
  .input(idInputSchema)
  .output(userSchema)
  .handler(({ context, input }) => findUser(context, input.id))

const create = withPermission({ user: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS')
  .route({ method: 'POST', path: '/users', successStatus: 201, summary: 'Create a user', tags: TAGS })
  .input(userFormSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    const created = await callAdminRoute<{ user: { id: string } }>(context, '/admin/create-user', {
      name: input.name,
      email: input.email,
      role: input.role,
    })
    return findUser(context, created.user.id)
  })

/**
 * Name and e-mail (a new address is not verified yet), then the role (never
 * one's own): a taken address is refused before the role changes.
 */
const update = withPermission({ user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS')
  .route({ method: 'PUT', path: '/users/{id}', summary: 'Update a user', tags: TAGS })
  .input(userUpdateInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    const current = await findUser(context, input.id)
    const data: Record<string, unknown> = {}
    if (input.name !== current.name) data.name = input.name
    if (input.email.toLowerCase() !== current.email) Object.assign(data, { email: input.email, emailVerified: false })
    if (Object.keys(data).length > 0) {
      await callAdminRoute(context, '/admin/update-user', { userId: input.id, data })
    }
    if (input.role !== current.role) {
      await callAdminRoute(context, '/admin/set-role', { userId: input.id, role: input.role })
    }
    return findUser(context, input.id)
  })

const remove = withPermission({ user: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS')
  .route({ method: 'DELETE', path: '/users/{id}', summary: 'Delete a user (never oneself)', tags: TAGS })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    await callAdminRoute(context, '/admin/remove-user', { userId: input.id })
    return { success: true }
  })

const setRole = withPermission({ user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE')
  .route({ method: 'PUT', path: '/users/{id}/role', summary: "Set a user's role", tags: TAGS })
  .input(setRoleInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    await callAdminRoute(context, '/admin/set-role', { userId: input.id, role: input.role })
    return findUser(context, input.id)
  })

/** Bans a user (never oneself) and ends all their sessions at once. */
const ban = withPermission({ user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS')
  .route({ method: 'POST', path: '/users/{id}/ban', summary: 'Ban a user', tags: TAGS })
  .input(banInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    const banExpiresIn = input.expiresAt
      ? Math.max(1, Math.round((new Date(input.expiresAt).getTime() - Date.now()) / 1000))
      : undefined
    await callAdminRoute(context, '/admin/ban-user', {
      userId: input.id,
      banReason: input.reason || undefined,
      banExpiresIn,
    })
    return findUser(context, input.id)
  })

const unban = withPermission({ user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS')
  .route({ method: 'POST', path: '/users/{id}/unban', summary: 'Unban a user', tags: TAGS })
  .input(idInputSchema)
  .output(userSchema)
  .handler(async ({ context, input }) => {
    await callAdminRoute(context, '/admin/unban-user', { userId: input.id })
    return findUser(context, input.id)
  })

/** The user's live sessions, most recently active first; identified by id, never by token. */
const sessions = withPermission({ session: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS')
  .route({ method: 'GET', path: '/users/{id}/sessions', summary: "List a user's sessions", tags: TAGS })
  .input(userPageInputSchema)
  .output(sessionPageSchema)
  .handler(async ({ context, input }) => {
    await findUser(context, input.id)
    const live = and(eq(session.userId, input.id), gt(session.expiresAt, sql`now()`))
    const { rows, total } = await pageWithTotal(
      input,
      () =>
        context.db
          .select({
            id: session.id,
            userAgent: session.userAgent,
            ipAddress: session.ipAddress,
            impersonatedBy: session.impersonatedBy,
            createdAt: session.createdAt,
            updatedAt: session.updatedAt,
            expiresAt: session.expiresAt,
            sort: sql<string>`${session.updatedAt}::text`,
          })
          .from(session)
          .where(allOf(live, beforeCursor(session.updatedAt, session.id, input.cursor)))
          .orderBy(desc(session.updatedAt), desc(session.id))
          .limit(input.limit + 1),
      () => exactCount(context.db.select({ value: count() }).from(session).where(live)),
    )
    const page = toPage(rows, input.limit, (row) => row.sort)
    return {
      ...page,
      ...total,
      items: page.items.map((row) => {
        // Demo mode: anyone may sign in as the demo admin; other visitors' addresses and devices stay hidden.
        const masked = context.demoMode && row.id !== context.session.id
        return {
          id: row.id,
          device: describeDevice(masked ? null : row.userAgent),
          ipAddress: masked ? null : row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === context.session.id,
          impersonated: row.impersonatedBy !== null,
        }
      }),
    }
  })

/** Revokes one session, found by id among the user's (the token stays on the server). */
const revokeSession = withPermission({ session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS')
  .route({ method: 'DELETE', path: '/users/{id}/sessions/{sessionId}', summary: 'Revoke a session', tags: TAGS })
  .input(sessionInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    const [found] = await context.db
      .select({ token: session.token })
      .from(session)
      .where(and(eq(session.id, input.sessionId), eq(session.userId, input.id)))
    if (!found) throw apiError('NOT_FOUND')
    await callAdminRoute(context, '/admin/revoke-user-session', { sessionToken: found.token })
    return { success: true }
  })

const revokeSessions = withPermission({ session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS')
  .route({ method: 'DELETE', path: '/users/{id}/sessions', summary: "Revoke all of a user's sessions", tags: TAGS })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    await findUser(context, input.id)
    await callAdminRoute(context, '/admin/revoke-user-sessions', { userId: input.id })
    return { success: true }
  })

/** The user's passkeys (name, where they live, added, last used); never their keys. */
const passkeys = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}/passkeys', summary: "List a user's passkeys", tags: TAGS })
  .input(idInputSchema)
  .output(z.array(passkeySchema))
  .handler(async ({ context, input }) => {
    await findUser(context, input.id)
    return listPasskeys(context.db, input.id)
  })

/** Removes one of the user's passkeys (a lost device), recorded in the audit trail. */
const removePasskey = withPermission({ user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS')
  .route({ method: 'DELETE', path: '/users/{id}/passkeys/{passkeyId}', summary: "Remove a user's passkey", tags: TAGS })
  .input(passkeyInputSchema)
  .output(successSchema)
  .handler(async ({ context, input }) => {
    const [owner] = await context.db.select({ language: user.language }).from(user).where(eq(user.id, input.id))
    // The removal, its audit entry and the notice to the owner (in their language, not the admin's): one transaction.
    const done = await passkeyChanged(
      context.db,
      { passkeyId: input.passkeyId, language: storedLanguage(owner?.language), ip: context.clientIp ?? null },
      async (tx) => {
        const [removed] = await tx
          .delete(passkey)
          .where(and(eq(passkey.id, input.passkeyId), eq(passkey.userId, input.id)))
          .returning({ name: passkey.name })
        if (!removed) return
        const by = { userId: context.user.id, impersonatedBy: context.session.impersonatedBy }
        return { action: 'passkey.remove', by, userId: input.id, name: removed.name } as const
      },
    )
    if (!done) throw apiError('NOT_FOUND')
    return { success: true }
  })

/** The person an admin acted as (an impersonation), beside the actor in an audit row. */
const actedAs = alias(user, 'acted_as')

/** A user named in an audit row, or null when there is none or they are gone. */
const personOf = (id: string | null, name: string | null, email: string | null) =>
  id ? { id, name: name ?? '', email: email ?? '' } : null

/** The administrative actions done to a user, newest first, with who did them (and as whom, impersonating). */
const audit = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}/audit', summary: "A user's audit trail", tags: TAGS })
  .input(userPageInputSchema)
  .output(auditPageSchema)
  .handler(async ({ context: { db }, input }) => {
    const target = eq(auditLog.targetUserId, input.id)
    const { rows, total } = await pageWithTotal(
      input,
      () =>
        db
          .select({
            id: auditLog.id,
            action: auditLog.action,
            details: auditLog.details,
            ip: auditLog.ip,
            createdAt: auditLog.createdAt,
            sort: sql<string>`${auditLog.createdAt}::text`,
            actorId: user.id,
            actorName: user.name,
            actorEmail: user.email,
            actedAsId: actedAs.id,
            actedAsName: actedAs.name,
            actedAsEmail: actedAs.email,
          })
          .from(auditLog)
          .leftJoin(user, eq(user.id, auditLog.actorId))
          .leftJoin(actedAs, eq(actedAs.id, auditLog.impersonatedUserId))
          .where(allOf(target, beforeCursor(auditLog.createdAt, auditLog.id, input.cursor)))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(input.limit + 1),
      () => exactCount(db.select({ value: count() }).from(auditLog).where(target)),
    )
    const page = toPage(rows, input.limit, (row) => row.sort)
    return {
      ...page,
      ...total,
      items: page.items.map((row) => ({
        id: row.id,
        action: row.action,
        actor: personOf(row.actorId, row.actorName, row.actorEmail),
        actingAs: personOf(row.actedAsId, row.actedAsName, row.actedAsEmail),
        details: row.details,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      })),
    }
  })

export const userRouter = {
  list,
  get,
  create,
  update,
  delete: remove,
  setRole,
  ban,
  unban,
  sessions,
  revokeSession,
  revokeSessions,
  passkeys,
  removePasskey,
  audit,
}
