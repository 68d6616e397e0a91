import { randomUUID } from 'node:crypto'

import { eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { pageSchema } from '@/lib/pagination'
import { withPermission } from '@/server/api/procedure.server'
import type { Database } from '@/server/db/client.server'
import { preparedPerDatabase } from '@/server/db/prepared.server'
import { requestReader } from '@/server/db/replicas.server'
import { book, bookSearchSlice, genre } from '@/server/db/schema'
import { keptReads } from '@/server/fast-paths/kept-reads.server'
import { searchSlices } from '@/server/fast-paths/search-slices.server'
import { apiError } from '@/server/http/api-errors.server'
import { filteredPageIds } from '@/server/lists/filtered-pages.server'
import {
  afterCursor,
  afterKey,
  allOf,
  decodeCursor,
  type KeysetOrder,
  orderBy,
  toPage,
} from '@/server/lists/keyset.server'
import { searchColumnReads, searchColumnWhere } from '@/server/lists/search.server'
import {
  cappedCountQuery,
  cappedTotal,
  type ListTotal,
  pageWithTotal,
  tableRowsColumn,
  totalOfTable,
} from '@/server/lists/totals.server'
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

/** The columns a search matches (`book.search` holds them lower-cased, one per line). */
const SEARCHED = [book.title, book.author]

/** The search and the genre, or undefined when the list is the whole catalogue. */
const filterOf = (input: BookFilter) =>
  allOf(
    searchColumnWhere(input.searchTerm, book.search, SEARCHED),
    input.genreId ? eq(book.genreId, input.genreId) : undefined,
  )

/** One request's list, built once: its input, order and filter. */
interface BookList {
  input: BookListInput
  /** By title or author, then id; each has its (sort, id, search, genre_id) index. */
  order: KeysetOrder
  /** The search and the genre; undefined for the whole catalogue. */
  filter: SQL | undefined
  /** Unfiltered in the default order: its pages are prepared statements, its first page is kept. */
  wholeCatalogue: boolean
}

function bookList(input: BookListInput): BookList {
  const filter = filterOf(input)
  const sort = input.sort ?? 'title'
  const ascending = (input.order ?? 'asc') === 'asc'
  return {
    input,
    order: { sort: sort === 'author' ? book.author : book.title, id: book.id, descending: !ascending },
    filter,
    wholeCatalogue: !filter && sort === 'title' && ascending,
  }
}

/**
 * The SQL of one page: books matching the list's filter, after the cursor,
 * in its order, one row more than the page to tell whether a next page
 * exists. A deferred join: the page's ids are picked from the order's
 * (sort, id, search, genre_id) index alone, where a search filters index
 * tuples without visiting the table for every rejected row
 * (`filteredPageIds`: fast wherever the matches sit in the order, the search
 * slices skipping where its words are not); a genre alone is a range of its
 * (genre, sort, id) index. Only the page's rows are then read. On an
 * unfiltered first page each row also carries the table's row counter
 * (`tableRows`, null otherwise): its total in the same round trip.
 * `prepared` gives placeholders for the page size and the cursor's values.
 */
function pageQuery(
  db: Database,
  { input, order, filter }: BookList,
  prepared?: { rowsToRead: Placeholder; after?: { sort: Placeholder; id: Placeholder } },
) {
  const after = prepared?.after ? afterKey(order, prepared.after) : afterCursor(order, input.cursor)
  const rows = prepared?.rowsToRead ?? input.limit + 1
  const page =
    filter && input.searchTerm
      ? sql`${filteredPageIds(book, order, {
          filter,
          after,
          rows,
          walkColumns: [...searchColumnReads(input.searchTerm, book.search, SEARCHED), book.genreId],
          pastWalk: searchSlices(bookSearchSlice, input.sort ?? 'title', input.searchTerm),
        })} as page`
      : sql`(${db.select({ id: book.id }).from(book).where(allOf(filter, after)).orderBy(orderBy(order)).limit(rows)}) as page`
  const tableRows = !after && !filter ? tableRowsColumn(book) : sql<number | null>`null`
  return db
    .select({ ...columns, tableRows })
    .from(page)
    .innerJoin(book, sql`${book.id} = page.id`)
    .leftJoin(genre, eq(book.genreId, genre.id))
    .orderBy(orderBy(order))
}

/** The SQL `book.list` runs for a page not prepared: exported so the benchmark EXPLAINs exactly it (`.toSQL()`). */
export const listBooksQuery = (db: Database, input: BookListInput) => pageQuery(db, bookList(input))

/**
 * The whole catalogue's pages (every visit of the lists starts with the first
 * and scrolls through the next ones) as prepared statements: their SQL is
 * built once, not at every request (drizzle's query building was ~14 % of the
 * list API's CPU under load), and PostgreSQL plans them once per connection.
 */
const WHOLE_CATALOGUE = bookList({ searchTerm: '', limit: 0 })
const rowsToRead = sql.placeholder('rowsToRead')
const firstPageQuery = preparedPerDatabase((db) =>
  pageQuery(db, WHOLE_CATALOGUE, { rowsToRead }).prepare('book_first_page'),
)
const nextPageQuery = preparedPerDatabase((db) =>
  pageQuery(db, WHOLE_CATALOGUE, {
    rowsToRead,
    after: { sort: sql.placeholder('afterTitle'), id: sql.placeholder('afterId') },
  }).prepare('book_next_page'),
)

/** A page's rows: the whole catalogue's by its prepared statements, any other page by its own query. */
function pageRows(db: Database, list: BookList) {
  const { input } = list
  if (!list.wholeCatalogue) return pageQuery(db, list)
  if (!input.cursor) return firstPageQuery(db).execute({ rowsToRead: input.limit + 1 })
  const { sort, id } = decodeCursor(input.cursor)
  return nextPageQuery(db).execute({ rowsToRead: input.limit + 1, afterTitle: sort, afterId: id })
}

/** The count of a search's matches, stopping past the cap (the first page's total; see `cappedTotal`). */
export function countBooksQuery(db: Database, input: BookFilter) {
  return cappedCountQuery(db, matchingBooks(db, filterOf(input)))
}

const matchingBooks = (db: Database, filter: SQL | undefined) =>
  db.select({ id: book.id }).from(book).where(filter).$dynamic()

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
function bookPage(input: BookListInput, { rows, total }: { rows: Row[]; total: ListTotal }) {
  const page = toPage(rows, input.limit, (row) => (input.sort === 'author' ? row.author : row.title))
  return { items: page.items.map(toBook), nextCursor: page.nextCursor, ...total }
}

/**
 * One page and, on a first page, its total: an unfiltered page's from the
 * row counter its rows carry, a filtered one's counted beside it.
 */
async function readPage(db: Database, list: BookList) {
  const { input, filter } = list
  if (!filter) {
    const rows = await pageRows(db, list)
    return bookPage(input, { rows, total: totalOfTable(input, rows) })
  }
  return bookPage(
    input,
    await pageWithTotal(
      input,
      () => pageRows(db, list),
      () => cappedTotal(db, matchingBooks(db, filter)),
    ),
  )
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
  // Any book may enter the first page, any genre's name be on it; its total is the book counter.
  dependsOn: () => ['book', 'genre', 'row_count:book'],
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
    const list = bookList(input)
    // Kept until a notice, the first page is read on the primary (a notice comes before a replica replays the write).
    if (list.wholeCatalogue && !input.cursor)
      return (await keptFirstPages(db, String(input.limit), () => readPage(db, list)))!
    return readPage(requestReader({ db, headers }, user.id), list)
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
