import { randomUUID } from 'node:crypto'

import { count, desc, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { book, genre, session, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { tableSize } from './dashboard.server'
import { LATEST_BOOKS } from './schema'

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

const countOf = async (table: typeof book | typeof genre | typeof user) =>
  (await api.db.select({ value: count() }).from(table))[0]!.value

describe('dashboard.summary', () => {
  it('gives an admin the live figures and the newest books, over REST too', async () => {
    const admin = await api.client('admin')
    await api.cookie('user') // a second live session
    // One account created long ago, one this week; an expired session.
    const old = {
      id: randomUUID(),
      name: 'Old Timer',
      email: `old-${randomUUID()}@example.com`,
      createdAt: new Date('2020-01-01'),
    }
    await api.db.insert(user).values(old)
    await api.db.insert(user).values({ id: randomUUID(), name: 'Newcomer', email: `new-${randomUUID()}@example.com` })
    await api.db
      .insert(session)
      .values({ id: randomUUID(), token: randomUUID(), userId: old.id, expiresAt: new Date(Date.now() - 60_000) })
    const newest = {
      id: randomUUID(),
      title: 'A Dashboard Story',
      author: 'Zed Newest',
      createdAt: new Date(Date.now() + 60_000),
    }
    await api.db.insert(book).values(newest)

    const summary = await admin.dashboard.summary()

    const activeSessions = (
      await api.db
        .select({ value: count() })
        .from(session)
        .where(sql`${session.expiresAt} > now()`)
    )[0]!.value
    const recentUsers = (
      await api.db
        .select({ value: count() })
        .from(user)
        .where(sql`${user.createdAt} >= now() - interval '7 days'`)
    )[0]!.value
    expect(summary.books).toEqual({ value: await countOf(book), exact: true })
    expect(summary.genres).toEqual({ value: await countOf(genre), exact: true })
    expect(summary.users).toEqual({ value: await countOf(user), exact: true })
    expect(summary.activeSessions).toEqual({ value: activeSessions, exact: true })
    expect(activeSessions).toBeGreaterThanOrEqual(2)
    expect(summary.newUsersThisWeek).toEqual({ value: recentUsers, exact: true })
    expect(recentUsers).toBe((await countOf(user)) - 1) // all but the old account

    const latest = await api.db
      .select({ id: book.id })
      .from(book)
      .orderBy(desc(book.createdAt), desc(book.id))
      .limit(LATEST_BOOKS)
    expect(summary.latestBooks.map((item) => item.id)).toEqual(latest.map((row) => row.id))
    expect(summary.latestBooks[0]).toEqual({ id: newest.id, title: newest.title, author: newest.author, genre: null })
    expect(summary.latestBooks[1]!.genre).toMatchObject({
      name: expect.any(String),
      color: expect.stringMatching(/^#/),
    })

    const rest = await api.rest('admin', 'GET', '/dashboard')
    expect(rest.status).toBe(200)
    expect(await rest.json()).toMatchObject({
      books: summary.books,
      latestBooks: [{ id: newest.id }, ...summary.latestBooks.slice(1).map(({ id }) => ({ id }))],
    })
  })

  it('refuses a user with 403 and a signed-out caller with 401', async () => {
    const forbidden = await api.rest('user', 'GET', '/dashboard')
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('You are not allowed to access resource'),
    })
    await expect((await api.client('user')).dashboard.summary()).rejects.toMatchObject({ status: 403 })
    expect((await api.rest('anonymous', 'GET', '/dashboard')).status).toBe(401)
    expect((await api.rpc('anonymous', '/dashboard/summary')).status).toBe(401)
  })
})

describe('tableSize', () => {
  it('counts exactly up to the limit, and gives the planner estimate above it', async () => {
    await api.db.execute(sql`analyze book`)
    const exact = await countOf(book)
    expect(await tableSize(api.db, book)).toEqual({ value: exact, exact: true })
    const estimated = await tableSize(api.db, book, 10)
    expect(estimated.exact).toBe(false)
    // ANALYZE on a small table reads every row: the estimate is the count.
    expect(estimated.value).toBe(exact)
  })

  it('finds the estimate of a table whose name is a reserved word ("user")', async () => {
    await api.db.execute(sql`analyze "user"`)
    expect(await tableSize(api.db, user, 0)).toEqual({ value: await countOf(user), exact: false })
  })
})
