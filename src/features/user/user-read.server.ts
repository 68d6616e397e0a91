import { eq, sql } from 'drizzle-orm'

import { idInputSchema } from '@/lib/api-schemas'
import { pageSchema } from '@/lib/pagination'
import type { ApiContext } from '@/server/api/context.server'
import { withPermission } from '@/server/api/procedure.server'
import { requestReader } from '@/server/db/replicas.server'
import { user, userSearchSlice } from '@/server/db/schema'
import { searchSlices } from '@/server/fast-paths/search-slices.server'
import { apiError } from '@/server/http/api-errors.server'
import { filteredPageIds } from '@/server/lists/filtered-pages.server'
import { afterCursor, allOf, type KeysetOrder, orderBy, toPage } from '@/server/lists/keyset.server'
import { searchColumnReads, searchColumnWhere } from '@/server/lists/search.server'
import { largeListTotal, pageWithTotal } from '@/server/lists/totals.server'

import { roleSchema, userListInputSchema, userListItemSchema, userSchema } from './schema'

/** The OpenAPI tag of every `user.*` procedure. */
export const TAGS = ['Users']

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

/** One user as `user.get` gives them (the other procedures answer with it too); 404 when there is none. */
export async function findUser(context: ApiContext, id: string) {
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

/** The columns a search matches (`user.search` holds them lower-cased, one per line). */
const SEARCHED = [user.name, user.email]

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
export const list = withPermission({ user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS')
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
    const search = searchColumnWhere(input.searchTerm, user.search, SEARCHED)
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
                  walkColumns: [...searchColumnReads(input.searchTerm, user.search, SEARCHED), user.role, user.banned],
                  pastWalk: searchSlices(userSearchSlice, input.sort, input.searchTerm),
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

export const get = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}', summary: 'Get a user', tags: TAGS })
  .input(idInputSchema)
  .output(userSchema)
  .handler(({ context, input }) => findUser(context, input.id))
