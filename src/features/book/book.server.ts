import { randomUUID } from 'node:crypto'

import { eq, getTableColumns, type Placeholder, sql } from 'drizzle-orm'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { pageSchema } from '@/lib/pagination'
import {
  afterCursor,
  afterKey,
  allOf,
  cappedCountQuery,
  decodeCursor,
  filteredPageIds,
  type KeysetOrder,
  largeListTotal,
  orderBy,
  type OrderSlices,
  pageWithTotal,
  searchColumnWhere,
  searchGramsMask,
  tableRowsColumn,
  toPage,
  totalOfTable,
} from '@/server/api/pagination.server'
import { withPermission } from '@/server/api/procedure.server'
import type { Database } from '@/server/db/client.server'
import { preparedPerDatabase } from '@/server/db/prepared.server'
import { requestReader } from '@/server/db/replicas.server'
import { book, bookSearchSlice, genre } from '@/server/db/schema'
import { keptReads } from '@/server/fast-paths/kept-reads.server'
import { apiError } from '@/server/http/api-errors.server'
import { deletePicturesOf } from '@/server/pictures/storage.server'

import {
  type Book,
  bookFormSchema,
  bookListInputSchema,
  bookSchema,
  type BookSort,
  bookUpdateInputSchema,
} from './schema'

/** The list's input once parsed (defaults applied; the sort is by title, ascending, when left out). */
export interface BookListInput {
  searchTerm: string
  cursor?: string
  limit: number
  sort?: BookSort
  order?: 'asc' | 'desc'
  genreId?: string
}

const { id, title, author, publisher, cover, createdAt, updatedAt } = getTableColumns(book)
const columns = {
  id,
  title,
  author,
  publisher,
  cover,
  createdAt,
  updatedAt,
  genreId: genre.id,
  genreName: genre.name,
  genreColor: genre.color,
}

type Row = Awaited<ReturnType<typeof selectBooks>>[number]

function toBook({
  genreId,
  genreName,
  genreColor,
  id,
  title,
  author,
  publisher,
  cover,
  createdAt,
  updatedAt,
}: Row): Book {
  return {
    id,
    title,
    author,
    publisher,
    cover,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    genre: genreId && genreName && genreColor ? { id: genreId, name: genreName, color: genreColor } : null,
  }
}

function selectBooks(db: Database) {
  return db.select(columns).from(book).leftJoin(genre, eq(book.genreId, genre.id))
}

type BookFilter = Pick<BookListInput, 'searchTerm' | 'genreId'>

/** The search and the genre, or undefined when the list is the whole catalogue. */
const filterOf = (input: BookFilter) =>
  allOf(
    searchColumnWhere(input.searchTerm, book.search, [book.title, book.author]),
    input.genreId ? eq(book.genreId, input.genreId) : undefined,
  )

/** The list's order: by title or author, then id; each has its (sort, id, search, genre_id) index. */
const orderOf = (input: Pick<BookListInput, 'sort' | 'order'>): KeysetOrder => ({
  sort: input.sort === 'author' ? book.author : book.title,
  id: book.id,
  descending: input.order === 'desc',
})

/** The whole catalogue in its default order: the kept first page and the prepared next pages. */
const isWholeCatalogue = (input: BookListInput) =>
  !filterOf(input) && (input.sort ?? 'title') === 'title' && (input.order ?? 'asc') === 'asc'

/** The first page of the whole catalogue: its total is the row counter, read in the page's own query. */
const isUnfilteredFirstPage = (input: BookListInput) => !input.cursor && isWholeCatalogue(input)

/**
 * The SQL `book.list` runs for one page: books matching the search, after the
 * cursor, in (title, id) order, one row more than the page to tell whether a
 * next page exists. A deferred join: the page's ids are picked from the
 * (title, id, search) index alone, where a search filters index tuples
 * without visiting the table for every rejected row (`filteredPageIds`: fast
 * wherever the matches sit in the order); only the page's rows are then read.
 * On the unfiltered first page each row also carries the table's row counter
 * (`tableRows`, null otherwise): one round trip. Exported so the benchmark
 * EXPLAINs exactly this query (`listBooksQuery(db, input).toSQL()`).
 * `prepared` gives placeholders for the page size and the cursor's values.
 */
export function listBooksQuery(
  db: Database,
  input: BookListInput,
  prepared?: { rowsToRead: Placeholder; after?: { sort: Placeholder; id: Placeholder } },
) {
  const order = orderOf(input)
  const after = prepared?.after ? afterKey(order, prepared.after) : afterCursor(order, input.cursor)
  const rows = prepared?.rowsToRead ?? input.limit + 1
  const filter = filterOf(input)
  // A genre alone is a range of its (genre, sort, id) index: the plain keyset query.
  const page =
    filter && input.searchTerm
      ? sql`${filteredPageIds(book, order, { filter, after, rows, walkColumns: filterColumns(input), slices: slicesOf(input) })} as page`
      : sql`(${db.select({ id: book.id }).from(book).where(allOf(filter, after)).orderBy(orderBy(order)).limit(rows)}) as page`
  const tableRows = !after && !filter ? tableRowsColumn(book) : sql<number | null>`null`
  return db
    .select({ ...columns, tableRows })
    .from(page)
    .innerJoin(book, sql`${book.id} = page.id`)
    .leftJoin(genre, eq(book.genreId, genre.id))
    .orderBy(orderBy(order))
}

/** The summary of the list's order a search skips slices by (`OrderSlices`), when the term has a word to look for. */
function slicesOf(input: BookListInput): OrderSlices | undefined {
  const mask = searchGramsMask(input.searchTerm)
  return mask && { table: bookSearchSlice, sort: input.sort ?? 'title', mask }
}

/** The columns the filter reads: the search column and the genre (in the order's indexes), the author when a term spans a line (`searchColumnWhere`). */
const filterColumns = (input: BookFilter) =>
  input.searchTerm.includes('\n') ? [book.search, book.genreId, book.author] : [book.search, book.genreId]

/**
 * The whole catalogue's pages (every visit of the lists starts with the first
 * and scrolls through the next ones) as prepared statements: their SQL is
 * built once, not at every request (drizzle's query building was ~14 % of the
 * list API's CPU under load), and PostgreSQL plans them once per connection.
 */
const WHOLE_CATALOGUE: BookListInput = { searchTerm: '', limit: 0 }
const rowsToRead = sql.placeholder('rowsToRead')
const firstPageQuery = preparedPerDatabase((db) =>
  listBooksQuery(db, WHOLE_CATALOGUE, { rowsToRead }).prepare('book_first_page'),
)
const nextPageQuery = preparedPerDatabase((db) =>
  listBooksQuery(db, WHOLE_CATALOGUE, {
    rowsToRead,
    after: { sort: sql.placeholder('afterTitle'), id: sql.placeholder('afterId') },
  }).prepare('book_next_page'),
)

/** A page's rows: the whole catalogue's next pages by their prepared statement, any other page by its own query. */
function pageRows(db: Database, input: BookListInput) {
  if (!isWholeCatalogue(input) || !input.cursor) return listBooksQuery(db, input)
  const { sort, id } = decodeCursor(input.cursor)
  return nextPageQuery(db).execute({ rowsToRead: input.limit + 1, afterTitle: sort, afterId: id })
}

/** The count of a search's matches, stopping past the cap (the first page's total; see `largeListTotal`). */
export function countBooksQuery(db: Database, input: BookFilter) {
  return cappedCountQuery(db, matchingBooks(db, input))
}

const matchingBooks = (db: Database, input: BookFilter) =>
  db.select({ id: book.id }).from(book).where(filterOf(input)).$dynamic()

async function findBook(db: Database, bookId: string) {
  const [row] = await selectBooks(db).where(eq(book.id, bookId))
  if (!row) throw apiError('NOT_FOUND')
  return toBook(row)
}

/** The columns a form writes; an empty publisher or genre is stored as none. */
function writable(input: typeof bookFormSchema._zod.output) {
  return {
    title: input.title,
    author: input.author,
    publisher: input.publisher || null,
    genreId: input.genreId || null,
  }
}

/** The API's page from the rows read (one more than the page: whether a next page exists) and the total. */
function bookPage(input: BookListInput, { rows, total }: { rows: Row[]; total: ReturnType<typeof totalOfTable> }) {
  const page = toPage(rows, input.limit, (row) => (input.sort === 'author' ? row.author : row.title))
  return { items: page.items.map(toBook), nextCursor: page.nextCursor, ...total }
}

async function readFirstPage(db: Database, input: BookListInput) {
  const rows = await firstPageQuery(db).execute({ rowsToRead: input.limit + 1 })
  return bookPage(input, { rows, total: totalOfTable(input, rows) })
}

/**
 * The unfiltered first page, kept per page size until the database announces
 * a write to a table it reads (docs/decisions/026-kept-first-page.md).
 */
const keptFirstPages = keptReads<ReturnType<typeof bookPage>>({
  name: 'book first page',
  reads: ['book', 'genre', 'row_count'],
  // A new genre is on no book yet; the counters' rows are the migrations'.
  insertsCannotChange: ['genre', 'row_count'],
  max: 8,
  maxAgeMs: 60_000,
})

const list = withPermission({ book: ['read'] })
  .route({
    method: 'GET',
    path: '/books',
    summary: 'List books',
    description:
      'Books by title (or by `sort`: `title`, `author`; `order`: `asc`, `desc`), a page at a time (keyset cursor); `genreId` keeps one genre; `searchTerm` matches the title or the author, whatever the case. `total` is given on the first page only: exact, or at least 1,000 when `totalCapped` (a search with more matches).',
    tags: ['Books'],
  })
  .input(bookListInputSchema)
  .output(pageSchema(bookSchema))
  .handler(async ({ context: { db, headers, user }, input }) => {
    // Kept until a notice, the first page is read on the primary (a notice comes before a replica replays the write).
    if (isUnfilteredFirstPage(input))
      return (await keptFirstPages(db, String(input.limit), () => readFirstPage(db, input)))!
    const reader = requestReader({ db, headers }, user.id)
    return bookPage(
      input,
      await pageWithTotal(
        input,
        () => pageRows(reader, input),
        () => largeListTotal(reader, book, Boolean(filterOf(input)), () => matchingBooks(reader, input)),
      ),
    )
  })

const get = withPermission({ book: ['read'] })
  .route({ method: 'GET', path: '/books/{id}', summary: 'Get a book', tags: ['Books'] })
  .input(idInputSchema)
  .output(bookSchema)
  .handler(({ context: { db }, input }) => findBook(db, input.id))

const create = withPermission({ book: ['create'] })
  .route({
    method: 'POST',
    path: '/books',
    successStatus: 201,
    summary: 'Create a book',
    description: 'A title is unique per author (409 on the title field otherwise).',
    tags: ['Books'],
  })
  .input(bookFormSchema)
  .output(bookSchema)
  .handler(async ({ context: { db }, input }) => {
    const [created] = await db
      .insert(book)
      .values({ id: randomUUID(), ...writable(input) })
      .returning({ id: book.id })
    return findBook(db, created!.id)
  })

const update = withPermission({ book: ['update'] })
  .route({ method: 'PUT', path: '/books/{id}', summary: 'Update a book', tags: ['Books'] })
  .input(bookUpdateInputSchema)
  .output(bookSchema)
  .handler(async ({ context: { db }, input }) => {
    const [updated] = await db.update(book).set(writable(input)).where(eq(book.id, input.id)).returning({ id: book.id })
    if (!updated) throw apiError('NOT_FOUND')
    return findBook(db, updated.id)
  })

const remove = withPermission({ book: ['delete'] })
  .route({ method: 'DELETE', path: '/books/{id}', summary: 'Delete a book (permanent)', tags: ['Books'] })
  .input(idInputSchema)
  .output(successSchema)
  .handler(async ({ context: { db, env }, input }) => {
    const [deleted] = await db.delete(book).where(eq(book.id, input.id)).returning({ id: book.id })
    if (!deleted) throw apiError('NOT_FOUND')
    await deletePicturesOf(env, 'covers', deleted.id)
    return { success: true }
  })

export const bookRouter = { list, get, create, update, delete: remove }
