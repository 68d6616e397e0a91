import { randomUUID } from 'node:crypto'

import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { sessionByToken } from '@/server/auth/internals.server'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { withRowMapper } from './row-mapper.server'
import { book, genre, session, user } from './schema'

let handle: TestDatabase

beforeAll(async () => {
  handle = await createTestDatabase()
  const { db } = handle
  // A book without a genre (its left-joined genre is null), and one with a genre.
  const [someGenre] = await db.select().from(genre).limit(1)
  await db.insert(book).values([
    { id: randomUUID(), title: 'Row Mapper Without Genre', author: 'Tester', genreId: null },
    { id: randomUUID(), title: 'Row Mapper With Genre', author: 'Tester', genreId: someGenre!.id, publisher: 'P' },
  ])
})

let statements = 0
/** The same query prepared twice: mapped by drizzle, and by the row mapper. */
async function bothWays<Q extends { prepare(name: string): { execute(values?: object): Promise<unknown> } }>(
  build: () => Q,
  values: object = {},
) {
  const theirs = build().prepare(`row_mapper_theirs_${++statements}`)
  const ours = build().prepare(`row_mapper_ours_${statements}`)
  expect(withRowMapper(ours)).toBe(true)
  return { theirs: await theirs.execute(values), ours: await ours.execute(values) }
}

describe('withRowMapper', () => {
  it("maps flat rows as drizzle does (the lists' pages: a left join, nulls, dates)", async () => {
    const { db } = handle
    const { theirs, ours } = await bothWays(
      () =>
        db
          .select({ ...getTableColumns(book), genreId: genre.id, genreName: genre.name })
          .from(book)
          .leftJoin(genre, eq(book.genreId, genre.id))
          .where(eq(book.author, sql.placeholder('author')))
          .orderBy(asc(book.title)),
      { author: 'Tester' },
    )
    expect(theirs).toHaveLength(2)
    expect(ours).toEqual(theirs)
    expect((ours as Array<{ createdAt: unknown }>)[0]!.createdAt).toBeInstanceOf(Date)
  })

  it('maps nested rows as drizzle does: a left-joined table whose columns are all null is null', async () => {
    const { db } = handle
    const { theirs, ours } = await bothWays(() =>
      db
        .select({ book: getTableColumns(book), genre: getTableColumns(genre), n: sql<number>`1 + 1`.mapWith(Number) })
        .from(book)
        .leftJoin(genre, eq(book.genreId, genre.id))
        .where(eq(book.author, 'Tester'))
        .orderBy(asc(book.title)),
    )
    expect((theirs as Array<{ genre: unknown }>).map((row) => row.genre === null)).toEqual([false, true])
    expect(ours).toEqual(theirs)
  })

  it('maps inner joins, aggregates and booleans as drizzle does', async () => {
    const { db } = handle
    const { theirs, ours } = await bothWays(() =>
      db
        .select({ session: getTableColumns(session), user: getTableColumns(user) })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId)),
    )
    expect(ours).toEqual(theirs)
    const counted = await bothWays(() =>
      db.select({ role: user.role, banned: user.banned, n: count() }).from(user).groupBy(user.role, user.banned),
    )
    expect(counted.ours).toEqual(counted.theirs)
  })

  it("is installed on the app's prepared queries (the session read), and leaves alone what it cannot map", async () => {
    expect((sessionByToken(handle.db) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    )
    expect(withRowMapper({})).toBe(false)
    expect(withRowMapper({ fields: [], customResultMapper: () => [] })).toBe(false)
  })
})
