import { eq, type Placeholder, sql } from 'drizzle-orm'

import { idInputSchema } from '@/lib/api-schemas'
import { pageSchema } from '@/lib/pagination'
import type { ApiContext } from '@/server/api/context.server'
import { withPermission } from '@/server/api/procedure.server'
import type { Database } from '@/server/db/client.server'
import { preparedPerShape } from '@/server/db/prepared.server'
import { requestReader } from '@/server/db/replicas.server'
import { user, userSearchSlice } from '@/server/db/schema'
import { searchSlices } from '@/server/fast-paths/search-slices.server'
import { apiError } from '@/server/http/api-errors.server'
import { filteredPageIds } from '@/server/lists/filtered-pages.server'
import { afterKey, allOf, decodeCursor, type KeysetOrder, orderBy, toPage } from '@/server/lists/keyset.server'
import { preparedSearch, searchColumnReads, searchColumnWhere, searchTermOf } from '@/server/lists/search.server'
import { firstPageTotalColumn, totalOfRows } from '@/server/lists/totals.server'

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

type UserListInput = typeof userListInputSchema._zod.output

/** The user list's order: by name or e-mail, then id. */
const userOrder = (input: UserListInput): KeysetOrder => ({
  sort: input.sort === 'email' ? user.email : user.name,
  id: user.id,
  descending: input.order === 'desc',
})

/** What a page's SQL reads: its filters' values, the page's size and the cursor's values (or a prepared query's placeholders). */
interface PageValues {
  search: Parameters<typeof searchColumnWhere>[0]
  role: string | Placeholder | undefined
  banned: boolean | Placeholder | undefined
  rows: number | Placeholder
  after: { sort: string | Placeholder; id: string | Placeholder } | undefined
}

const valuesOf = (input: UserListInput) => ({
  search: searchTermOf(input.searchTerm),
  role: input.role,
  banned: input.banned === undefined ? undefined : input.banned === 'true',
  rows: input.limit + 1,
  after: input.cursor ? decodeCursor(input.cursor) : undefined,
})

/**
 * One page's SQL, one row more than the page; on a first page each row also
 * carries its total (`listTotal`: the table's row counter, or the matches
 * counted up to the cap), null on the next ones: one round trip.
 */
function pageQuery(db: Database, input: UserListInput, values: PageValues) {
  const order = userOrder(input)
  const { search, rows } = values
  const filter = allOf(
    searchColumnWhere(search, user.search, SEARCHED),
    values.role === undefined ? undefined : eq(user.role, values.role),
    values.banned === undefined ? undefined : eq(user.banned, values.banned),
  )
  const after = values.after && afterKey(order, values.after)
  const listTotal = after ? sql<number | null>`null` : firstPageTotalColumn(user, filter)
  // A role or a ban alone is a range of its (role|banned, sort, id) index: the plain keyset query.
  if (!search) {
    return db
      .select({ ...listColumns, listTotal })
      .from(user)
      .where(allOf(filter, after))
      .orderBy(orderBy(order))
      .limit(rows)
  }
  return db
    .select({ ...listColumns, listTotal })
    .from(
      sql`${filteredPageIds(user, order, {
        filter: filter!,
        after,
        rows,
        walkColumns: [...searchColumnReads(search, user.search, SEARCHED), user.role, user.banned],
        pastWalk: searchSlices(userSearchSlice, input.sort, search),
      })} as page`,
    )
    .innerJoin(user, sql`${user.id} = page.id`)
    .orderBy(orderBy(order))
}

/** A search of more long words than this is built for itself (a rare shape, not kept). */
const PREPARED_WORDS = 4

/** A page's query per shape, prepared with placeholders for its values (as the book list's: book.server.ts). */
const preparedPage = preparedPerShape(
  (db, { input, values }: { input: UserListInput; values: ReturnType<typeof valuesOf> }, key) =>
    pageQuery(db, input, {
      search: values.search && preparedSearch(values.search).placeholders(),
      role: values.role === undefined ? undefined : sql.placeholder('role'),
      banned: values.banned === undefined ? undefined : sql.placeholder('banned'),
      rows: sql.placeholder('rows'),
      after: values.after && { sort: sql.placeholder('afterSort'), id: sql.placeholder('afterId') },
    }).prepare(`user_page_${key}`),
)

function pageRows(db: Database, input: UserListInput, values: ReturnType<typeof valuesOf>) {
  const { search, role, banned, after } = values
  const prepared = search && preparedSearch(search)
  if (search && search.longWords.length > PREPARED_WORDS) return pageQuery(db, input, values)
  const key = [
    input.sort,
    input.order,
    prepared ? prepared.key : '',
    role === undefined ? '' : 'r',
    banned === undefined ? '' : 'b',
    after ? 'n' : '',
  ].join('_')
  return preparedPage(db, key, { input, values }).execute({
    ...prepared?.values,
    role,
    banned,
    rows: values.rows,
    afterSort: after?.sort,
    afterId: after?.id,
  })
}

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
    const values = valuesOf(input)
    const rows = await pageRows(db, input, values)
    const total = totalOfRows(input, rows, Boolean(values.search || values.role || values.banned !== undefined))
    const page = toPage(rows, input.limit, (row) => (input.sort === 'email' ? row.email : row.name))
    return { ...page, items: page.items.map(({ listTotal: _, ...row }) => withRole(row)), ...total }
  })

export const get = withPermission({ user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER')
  .route({ method: 'GET', path: '/users/{id}', summary: 'Get a user', tags: TAGS })
  .input(idInputSchema)
  .output(userSchema)
  .handler(({ context, input }) => findUser(context, input.id))
