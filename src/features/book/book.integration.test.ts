import { desc, eq, like, sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { CHANGE_NOTICE_CHANNEL } from '@/server/db/change-notices.server'
import { book, genre, rowCount } from '@/server/db/schema'
import { TOTAL_CAP } from '@/server/lists/totals.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { everyPage, idsOf } from '@/test/pages'

let api: ApiHarness
let genreId: string

beforeAll(async () => {
  api = await createApiHarness()
  const [first] = await api.db.select({ id: genre.id }).from(genre).orderBy(genre.name).limit(1)
  genreId = first!.id
})

let counter = 0
/** A book no other test uses. */
function newBook(overrides: Record<string, unknown> = {}) {
  counter++
  return {
    title: `Test Book ${counter} ${Math.random().toString(36).slice(2, 8)}`,
    author: 'Test Author',
    publisher: 'Test Press',
    genreId,
    ...overrides,
  }
}

async function bookCountOfGenre() {
  return (await api.db.select({ id: book.id }).from(book).where(eq(book.genreId, genreId))).length
}

async function bookCount() {
  return (await api.db.select({ id: book.id }).from(book)).length
}

describe('book.list totals', () => {
  it("sends a search's first page and its count as one statement, as many as a next page", async () => {
    const word = `oneword${Math.random().toString(36).slice(2, 8)}`
    await api.db.execute(
      sql`insert into book (id, title, author, genre_id) select ${word} || '-' || i, ${word} || ' ' || i, 'One Author', ${genreId} from generate_series(1, 5) as i`,
    )
    try {
      const user = await api.client('user')
      // Every statement the database driver is sent (the session read's too: the same for both pages).
      const driver = (api.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
      const statementsOf = async (run: () => Promise<unknown>) => {
        const query = vi.spyOn(driver, 'query')
        try {
          await run()
          return query.mock.calls.length
        } finally {
          query.mockRestore()
        }
      }
      for (const filter of [{ searchTerm: word }, { searchTerm: word, genreId }, { genreId }]) {
        const first = await user.book.list({ ...filter, limit: 2 })
        expect(first.total).toBe(filter.searchTerm ? 5 : Math.min(await bookCountOfGenre(), TOTAL_CAP))
        const firstPage = await statementsOf(() => user.book.list({ ...filter, limit: 2 }))
        const nextPage = await statementsOf(() => user.book.list({ ...filter, limit: 2, cursor: first.nextCursor! }))
        expect(firstPage).toBe(nextPage)
      }
    } finally {
      await api.db.delete(book).where(like(book.id, `${word}-%`))
    }
  })
  const counter = async () =>
    (await api.db.select({ rows: rowCount.rows }).from(rowCount).where(eq(rowCount.tableName, 'book')))[0]!.rows

  it('gives the unfiltered total from the database row counter, exact through inserts, bulk inserts and deletes', async () => {
    const admin = await api.client('admin')
    expect(await counter()).toBe(await bookCount())
    const created = await admin.book.create(newBook())
    // A write that bypasses the app (psql, a script) is counted too: the trigger is the database's.
    await api.db.execute(
      sql`insert into book (id, title, author) select 'bulk-' || i, 'Bulk ' || i, 'Bulk Author' from generate_series(1, 50) as i`,
    )
    expect(await counter()).toBe(await bookCount())
    await admin.book.delete({ id: created.id })
    await api.db.delete(book).where(like(book.id, 'bulk-%'))
    expect(await counter()).toBe(await bookCount())
    const page = await admin.book.list({})
    expect(page).toMatchObject({ total: await bookCount(), totalCapped: false })
    // The counter is what is read: were it wrong, the list would say so.
    await api.db.update(rowCount).set({ rows: 123_456 }).where(eq(rowCount.tableName, 'book'))
    expect((await admin.book.list({})).total).toBe(123_456)
    await api.db
      .update(rowCount)
      .set({ rows: await bookCount() })
      .where(eq(rowCount.tableName, 'book'))
  })

  it(`counts a search up to ${TOTAL_CAP} matches and says when there are more`, async () => {
    const word = `capword${Math.random().toString(36).slice(2, 8)}`
    await api.db.execute(
      sql`insert into book (id, title, author) select ${word} || '-' || i, ${word} || ' ' || i, 'Cap Author' from generate_series(1, ${TOTAL_CAP + 1}) as i`,
    )
    try {
      const user = await api.client('user')
      expect(await user.book.list({ searchTerm: word })).toMatchObject({ total: TOTAL_CAP, totalCapped: true })
      await api.db.delete(book).where(eq(book.id, `${word}-1`))
      expect(await user.book.list({ searchTerm: word })).toMatchObject({ total: TOTAL_CAP, totalCapped: false })
      expect(
        await user.book.list({ searchTerm: word, cursor: (await user.book.list({ searchTerm: word })).nextCursor! }),
      ).toMatchObject({ total: null })
    } finally {
      await api.db.delete(book).where(like(book.id, `${word}-%`))
    }
  })
})

describe('book.list: the unfiltered first page is kept until the database announces a write', () => {
  /** Renames a book with the triggers off (as a replica applies changes): nothing is announced. */
  const quietRename = (bookId: string, title: string) =>
    api.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(book).set({ title }).where(eq(book.id, bookId))
    })
  const titleOn = async (page: { items: { id: string; title: string }[] }, bookId: string) =>
    page.items.find((item) => item.id === bookId)?.title

  /**
   * Waits until the first page is kept: the change-notice listener starts with the first read,
   * and until it hears nothing is kept. Each try forgets what was kept (an announced write that
   * changes no row), reads the page, renames a book quietly and reads again.
   */
  async function untilKept(read: () => Promise<{ items: { id: string; title: string }[] }>, bookId: string) {
    const original = await titleOn(await read(), bookId)
    await vi.waitFor(
      async () => {
        await api.db.execute(sql`select pg_notify(${CHANGE_NOTICE_CHANNEL}, '')`)
        await read()
        await quietRename(bookId, `${original} (probe)`)
        const seen = await titleOn(await read(), bookId)
        await quietRename(bookId, original!)
        expect(seen).toBe(original)
      },
      { timeout: 10_000, interval: 50 },
    )
  }

  it('serves the kept page until any catalogue write is announced, whoever reads', async () => {
    const admin = await api.client('admin')
    const user = await api.client('user')
    const [first] = (await admin.book.list({ limit: 5 })).items
    const original = first!.title
    await untilKept(() => admin.book.list({ limit: 5 }), first!.id)
    await quietRename(first!.id, `${original} (quiet)`)
    // Kept: the quiet write is not seen, by either role.
    expect(await titleOn(await admin.book.list({ limit: 5 }), first!.id)).toBe(original)
    expect(await titleOn(await user.book.list({ limit: 5 }), first!.id)).toBe(original)
    // A search is never kept: it reads the table.
    expect(await titleOn(await admin.book.list({ searchTerm: original, limit: 5 }), first!.id)).toBe(
      `${original} (quiet)`,
    )
    // Any announced write to the catalogue forgets it: here one to a genre.
    await api.db
      .update(genre)
      .set({ name: sql`${genre.name}` })
      .where(eq(genre.id, genreId))
    expect(await titleOn(await admin.book.list({ limit: 5 }), first!.id)).toBe(`${original} (quiet)`)
    await api.db.update(book).set({ title: original }).where(eq(book.id, first!.id))
    expect(await titleOn(await admin.book.list({ limit: 5 }), first!.id)).toBe(original)
  })

  it("shows the app's own writes on the very next read", async () => {
    const admin = await api.client('admin')
    const before = (await admin.book.list({})).total!
    const created = await admin.book.create(newBook({ title: '  0 First of all' }))
    const page = await admin.book.list({})
    expect(page.total).toBe(before + 1)
    expect(page.items[0]?.id).toBe(created.id)
    await admin.book.delete({ id: created.id })
    expect((await admin.book.list({})).total).toBe(before)
  })

  it.runIf(inject('postgres'))("hears another process's write", async () => {
    const admin = await api.client('admin')
    const [first] = (await admin.book.list({ limit: 5 })).items
    const other = new pg.Client({ connectionString: api.handle.url })
    await other.connect()
    try {
      await other.query(`update book set title = title || ' (elsewhere)' where id = $1`, [first!.id])
      await vi.waitFor(
        async () =>
          expect(await titleOn(await admin.book.list({ limit: 5 }), first!.id)).toBe(`${first!.title} (elsewhere)`),
        { timeout: 5000, interval: 5 },
      )
      await other.query('update book set title = $2 where id = $1', [first!.id, first!.title])
    } finally {
      await other.end()
    }
  })
})

describe('book.list', () => {
  it.each(['admin', 'user'] as const)(
    'lists books by title with their genre for a signed-in %s, the total on the first page',
    async (caller) => {
      const client = await api.client(caller)
      const page = await client.book.list({})
      expect(page.total).toBe(await bookCount())
      expect(page.items).toHaveLength(20)
      const titles = page.items.map((item) => item.title)
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
      expect(page.items[0]).toMatchObject({
        id: expect.any(String),
        author: expect.any(String),
        genre: { id: expect.any(String), name: expect.any(String), color: expect.stringMatching(/^#/) },
      })
      expect(page.nextCursor).toEqual(expect.any(String))
    },
  )

  it('pages through tied titles with no row skipped or repeated, the total only on the first page', async () => {
    const admin = await api.client('admin')
    const title = `Tied ${Math.random().toString(36).slice(2, 8)}`
    const created = await Promise.all(
      Array.from({ length: 7 }, (_, i) => admin.book.create({ title, author: `Author ${i}` })),
    )
    const user = await api.client('user')
    const pages = await everyPage((cursor) => user.book.list({ searchTerm: title, limit: 3, cursor }))
    expect(pages.map((page) => page.total)).toEqual([7, null, null])
    expect(idsOf(pages)).toEqual(created.map((item) => item.id).sort())
  })

  it('walks the whole catalogue in pages of 20 exactly once', async () => {
    const client = await api.client('user')
    const ids = idsOf(await everyPage((cursor) => client.book.list({ cursor })))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBe(await bookCount())
  })

  it('searches the title and the author, whatever the case; wildcards are literal', async () => {
    const admin = await api.client('admin')
    const marker = Math.random().toString(36).slice(2, 8)
    const byTitle = await admin.book.create(newBook({ title: `Zebra ${marker} Tales` }))
    const byAuthor = await admin.book.create(newBook({ author: `Ada ${marker}Lovelace` }))
    const page = await admin.book.list({ searchTerm: marker.toUpperCase() })
    expect(page.total).toBe(2)
    expect(page.items.map((item) => item.id).sort()).toEqual([byTitle.id, byAuthor.id].sort())
    expect((await admin.book.list({ searchTerm: '%' })).total).toBe(0)
    expect((await admin.book.list({ searchTerm: '_' })).total).toBe(0)
  })

  it('matches a term of several words only as typed, within the title or within the author', async () => {
    const admin = await api.client('admin')
    const [title, author] = [Math.random().toString(36).slice(2, 8), Math.random().toString(36).slice(2, 8)]
    const created = await admin.book.create(newBook({ title: `The Amber ${title} of Lamu`, author: `${author} Zq Qz` }))
    const ids = async (searchTerm: string) => (await admin.book.list({ searchTerm })).items.map((item) => item.id)
    expect(await ids(`AMBER ${title} of`)).toEqual([created.id])
    expect(await ids(`${author} zq`)).toEqual([created.id])
    // No word long enough for the index: the term is the pattern.
    expect(await ids('ZQ qz')).toEqual([created.id])
    expect(await ids('qz zq')).toEqual([])
    // Every word is in the book, but not in this order, or not in one field.
    expect(await ids(`${title} amber`)).toEqual([])
    expect(await ids(`lamu ${author}`)).toEqual([])
    expect(await ids(`lamu\n${author}`)).toEqual([])
  })

  it('indexes the longest title and author, in a script of three bytes a character', async () => {
    // The (title, id, search) index holds the title twice: its entry must still fit in a page.
    const admin = await api.client('admin')
    const marker = Math.random().toString(36).slice(2, 8)
    const created = await admin.book.create(newBook({ title: `${marker}${'語'.repeat(194)}`, author: 'Ⱥ'.repeat(200) }))
    expect((await admin.book.list({ searchTerm: marker })).items.map((item) => item.id)).toEqual([created.id])
  })

  it('refuses a signed-out caller with 401 and a bad cursor with 400', async () => {
    expect((await api.rest('anonymous', 'GET', '/books')).status).toBe(401)
    await expect((await api.client('anonymous')).book.list({})).rejects.toMatchObject({ status: 401 })
    const bad = await api.rest('user', 'GET', '/books?cursor=nope')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ data: { fields: { cursor: 'ui:api.invalidCursor' } } })
  })

  it('is served over REST with a search and a limit', async () => {
    const response = await api.rest('user', 'GET', '/books?searchTerm=silent&limit=5')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { items: Array<{ title: string; createdAt: string }>; total: number }
    expect(body.items.length).toBeGreaterThan(0)
    expect(body.items.every((item) => item.title.toLowerCase().includes('silent'))).toBe(true)
    expect(body.items[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('sorts and filters for both roles; a sort or an order it does not know is a translated 400; 401 signed out', async () => {
    const query = `/books?sort=author&order=desc&genreId=${genreId}&limit=5`
    for (const caller of ['admin', 'user'] as const) {
      const response = await api.rest(caller, 'GET', query)
      expect(response.status).toBe(200)
      const { items } = (await response.json()) as { items: Array<{ id: string }> }
      const expected = await api.db
        .select({ id: book.id })
        .from(book)
        .where(eq(book.genreId, genreId))
        .orderBy(desc(book.author), desc(book.id))
        .limit(5)
      expect(items.map((item) => item.id)).toEqual(expected.map((row) => row.id))
    }
    expect((await api.rest('anonymous', 'GET', query)).status).toBe(401)
    for (const bad of ['sort=price', 'order=up', `genreId=${'x'.repeat(101)}`]) {
      const response = await api.rest('user', 'GET', `/books?${bad}`)
      expect(response.status, bad).toBe(400)
      const body = (await response.json()) as { message: string }
      expect(body.message).not.toMatch(/internal|sql/i)
    }
    // The same refusal in French: the messages are translated.
    const french = await api.rest('user', 'GET', '/books?sort=price&lng=fr')
    expect(french.status).toBe(400)
  })
})

describe('book.get', () => {
  it('returns a book to both roles, 404 for an unknown id, 401 signed out', async () => {
    const created = await (await api.client('admin')).book.create(newBook())
    for (const caller of ['admin', 'user'] as const) {
      expect(await (await api.client(caller)).book.get({ id: created.id })).toEqual(created)
    }
    const missing = await api.rest('user', 'GET', '/books/does-not-exist')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Not Found' })
    expect((await api.rest('anonymous', 'GET', `/books/${created.id}`)).status).toBe(401)
  })
})

describe('book.create', () => {
  it('creates a book for an admin (201 over REST), trimmed, empty publisher and genre stored as none', async () => {
    const input = newBook()
    const created = await (
      await api.client('admin')
    ).book.create({ ...input, title: `  ${input.title}  `, publisher: '', genreId: '' })
    expect(created).toMatchObject({ title: input.title, author: input.author, publisher: null, genre: null })
    const response = await api.rest('admin', 'POST', '/books', newBook())
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ genre: { id: genreId }, publisher: 'Test Press' })
  })

  it('refuses a user with 403 and a signed-out caller with 401, writing nothing', async () => {
    const before = await bookCount()
    const forbidden = await api.rest('user', 'POST', '/books', newBook())
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You are not allowed to access resource: book',
    })
    await expect((await api.client('user')).book.create(newBook())).rejects.toMatchObject({ status: 403 })
    expect((await api.rest('anonymous', 'POST', '/books', newBook())).status).toBe(401)
    expect(await bookCount()).toBe(before)
  })

  it('requires a title and an author, with the message keys on their fields', async () => {
    const response = await api.rest('admin', 'POST', '/books', { title: '   ', author: '' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      // The message says what is wrong, in the caller's language; the keys let a form place and re-translate it.
      message: 'Title is required · Author is required',
      data: { fields: { title: 'book:validation.titleRequired', author: 'book:validation.authorRequired' } },
    })
  })

  it('refuses a genre that does not exist, on the genre field', async () => {
    const response = await api.rest('admin', 'POST', '/books', newBook({ genreId: 'no-such-genre' }))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      message: 'This genre does not exist',
      data: { fields: { genreId: 'book:errors.genreNotFound' } },
    })
  })

  it('refuses a title already used by the same author with 409 on the title field; another author may use it', async () => {
    const admin = await api.client('admin')
    const input = newBook()
    await admin.book.create(input)
    const response = await api.rest('admin', 'POST', '/books', input)
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Title already used with the same author',
      data: { fields: { title: 'book:errors.titleTaken' } },
    })
    await expect(admin.book.create({ ...input, author: 'Someone Else' })).resolves.toMatchObject({ title: input.title })
  })

  it('lets exactly one of two concurrent identical creates succeed', async () => {
    const admin = await api.client('admin')
    const input = newBook()
    const results = await Promise.allSettled([admin.book.create(input), admin.book.create(input)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const [failure] = results.filter((result) => result.status === 'rejected')
    expect(failure!.reason).toMatchObject({ status: 409, data: { fields: { title: 'book:errors.titleTaken' } } })
    expect(await api.db.select({ id: book.id }).from(book).where(eq(book.title, input.title))).toHaveLength(1)
  })
})

describe('book.update', () => {
  it('updates a book for an admin (PUT over REST) and 404 for an unknown id', async () => {
    const created = await (await api.client('admin')).book.create(newBook())
    const response = await api.rest('admin', 'PUT', `/books/${created.id}`, {
      title: `${created.title} (2nd ed.)`,
      author: created.author,
      publisher: null,
      genreId: null,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: created.id,
      title: `${created.title} (2nd ed.)`,
      publisher: null,
      genre: null,
    })
    const missing = await api.rest('admin', 'PUT', '/books/does-not-exist', newBook())
    expect(missing.status).toBe(404)
  })

  it('refuses a user (403) and a signed-out caller (401), changing nothing', async () => {
    const created = await (await api.client('admin')).book.create(newBook())
    expect((await api.rest('user', 'PUT', `/books/${created.id}`, { ...newBook() })).status).toBe(403)
    expect((await api.rest('anonymous', 'PUT', `/books/${created.id}`, { ...newBook() })).status).toBe(401)
    expect(await (await api.client('user')).book.get({ id: created.id })).toEqual(created)
  })

  it('validates like create: a title required, a duplicate title on the title field', async () => {
    const admin = await api.client('admin')
    const first = await admin.book.create(newBook())
    const second = await admin.book.create(newBook())
    await expect(admin.book.update({ ...newBook(), id: second.id, title: '' })).rejects.toMatchObject({
      status: 400,
      data: { fields: { title: 'book:validation.titleRequired' } },
    })
    await expect(admin.book.update({ id: second.id, title: first.title, author: first.author })).rejects.toMatchObject({
      status: 409,
      data: { fields: { title: 'book:errors.titleTaken' } },
    })
  })
})

describe('book.delete', () => {
  it('deletes a book for an admin, permanently; 404 the second time', async () => {
    const created = await (await api.client('admin')).book.create(newBook())
    const response = await api.rest('admin', 'DELETE', `/books/${created.id}`)
    expect(response.status).toBe(200)
    // The same answer as every delete of the API (a user's too).
    expect(await response.json()).toEqual({ success: true })
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    await expect((await api.client('admin')).book.get({ id: created.id })).rejects.toMatchObject({ status: 404 })
    expect((await api.rest('admin', 'DELETE', `/books/${created.id}`)).status).toBe(404)
  })

  it('refuses a user (403) and a signed-out caller (401), deleting nothing', async () => {
    const created = await (await api.client('admin')).book.create(newBook())
    expect((await api.rest('user', 'DELETE', `/books/${created.id}`)).status).toBe(403)
    expect((await api.rpc('user', '/book/delete', { id: created.id })).status).toBe(403)
    expect((await api.rest('anonymous', 'DELETE', `/books/${created.id}`)).status).toBe(401)
    await expect((await api.client('user')).book.get({ id: created.id })).resolves.toMatchObject({ id: created.id })
  })
})

describe('demo mode', () => {
  it('refuses every book mutation with 403 DEMO_MODE, even for an admin, and still reads', async () => {
    const demo = await createApiHarness({ demoMode: true })
    const [existing] = await demo.db.select({ id: book.id }).from(book).limit(1)
    const before = (await demo.db.select({ id: book.id }).from(book)).length
    const attempts = [
      demo.rest('admin', 'POST', '/books', newBook()),
      demo.rest('admin', 'PUT', `/books/${existing!.id}`, newBook()),
      demo.rest('admin', 'DELETE', `/books/${existing!.id}`),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 'DEMO_MODE' })
    }
    expect((await demo.db.select({ id: book.id }).from(book)).length).toBe(before)
    expect((await demo.rest('user', 'GET', '/books')).status).toBe(200)
  })
})
