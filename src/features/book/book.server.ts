import { randomUUID } from 'node:crypto'

import { eq, getTableColumns, type Placeholder, sql } from 'drizzle-orm'

import { idInputSchema, successSchema } from '@/lib/api-schemas'
import { pageSchema } from '@/lib/pagination'
import { withPermission } from '@/server/api/procedure.server'
import type { Database } from '@/server/db/client.server'
import { preparedPerShape } from '@/server/db/prepared.server'
import { requestReader } from '@/server/db/replicas.server'
import { book, bookSearchSlice, genre } from '@/server/db/schema'
import { keptReads } from '@/server/fast-paths/kept-reads.server'
import { searchSlices } from '@/server/fast-paths/search-slices.server'
import { apiError } from '@/server/http/api-errors.server'
import { filteredPageIds } from '@/server/lists/filtered-pages.server'
import { afterKey, allOf, decodeCursor, type KeysetOrder, orderBy, toPage } from '@/server/lists/keyset.server'
import {
  preparedSearch,
  searchColumnReads,
  searchColumnWhere,
  type SearchTerm,
  searchTermOf,
} from '@/server/lists/search.server'
import { cappedCountQuery, firstPageTotalColumn, totalOfRows } from '@/server/lists/totals.server'
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

/** What a page's SQL reads: its filter's values, the page's size and the cursor's values (or a prepared query's placeholders). */
interface PageValues<Value = string | Placeholder> {
  search: SearchTerm<Value> | undefined
  genreId: Value | undefined
  rows: number | Placeholder
  after: { sort: Value; id: Value } | undefined
}

/** The search and the genre, or undefined when the list is the whole catalogue. */
const filterOf = ({ search, genreId }: Pick<PageValues, 'search' | 'genreId'>) =>
  allOf(searchColumnWhere(search, book.search, SEARCHED), genreId === undefined ? undefined : eq(book.genreId, genreId))

/** One request's list, built once: its input, order and values. */
interface BookList {
  input: BookListInput
  /** By title or author, then id; each has its (sort, id, search, genre_id) index. */
  order: KeysetOrder
  values: PageValues<string>
  /** Unfiltered in the default order: its first page is kept. */
  wholeCatalogue: boolean
}

function bookList(input: BookListInput): BookList {
  const sort = input.sort ?? 'title'
  const ascending = (input.order ?? 'asc') === 'asc'
  const search = searchTermOf(input.searchTerm)
  return {
    input,
    order: { sort: sort === 'author' ? book.author : book.title, id: book.id, descending: !ascending },
    values: {
      search,
      genreId: input.genreId || undefined,
      rows: input.limit + 1,
      after: input.cursor ? decodeCursor(input.cursor) : undefined,
    },
    wholeCatalogue: !search && !input.genreId && sort === 'title' && ascending,
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
 * (genre, sort, id) index. Only the page's rows are then read. On a first
 * page each row also carries its total (`listTotal`: the table's row counter,
 * or the matches counted up to the cap), null on the next ones: one round trip.
 */
function pageQuery(db: Database, { input, order }: BookList, values: PageValues) {
  const filter = filterOf(values)
  const after = values.after && afterKey(order, values.after)
  const { search, rows } = values
  const page = search
    ? sql`${filteredPageIds(book, order, {
        filter: filter!,
        after,
        rows,
        walkColumns: [...searchColumnReads(search, book.search, SEARCHED), book.genreId],
        pastWalk: searchSlices(bookSearchSlice, input.sort ?? 'title', search),
      })} as page`
    : sql`(${db.select({ id: book.id }).from(book).where(allOf(filter, after)).orderBy(orderBy(order)).limit(rows)}) as page`
  const listTotal = after ? sql<number | null>`null` : firstPageTotalColumn(book, filter)
  return db
    .select({ ...columns, listTotal })
    .from(page)
    .innerJoin(book, sql`${book.id} = page.id`)
    .leftJoin(genre, eq(book.genreId, genre.id))
    .orderBy(orderBy(order))
}

/** The SQL `book.list` runs for a page, with its values: exported so the benchmark EXPLAINs exactly it (`.toSQL()`). */
export const listBooksQuery = (db: Database, input: BookListInput) => {
  const list = bookList(input)
  return pageQuery(db, list, list.values)
}

/** A search of more long words than this is built for itself (a rare shape, not kept). */
const PREPARED_WORDS = 4

/**
 * A page's query per shape (the order, a search's shape, a genre or not, a
 * cursor or not), prepared with placeholders for the values: its SQL is built
 * once, not at every request (drizzle's query building was ~9 % of the list
 * API's CPU under the real workload), and PostgreSQL plans it once per
 * connection (through a transaction pooler it goes unnamed: client.server.ts).
 */
const preparedPage = preparedPerShape((db, list: BookList, key) =>
  pageQuery(db, list, {
    search: list.values.search && preparedSearch(list.values.search).placeholders(),
    genreId: list.values.genreId === undefined ? undefined : sql.placeholder('genreId'),
    rows: sql.placeholder('rows'),
    after: list.values.after && { sort: sql.placeholder('afterSort'), id: sql.placeholder('afterId') },
  }).prepare(`book_page_${key}`),
)

/** A page's rows: by its shape's prepared statement. */
function pageRows(db: Database, list: BookList) {
  const { input, values } = list
  const { search, genreId, after } = values
  const prepared = search && preparedSearch(search)
  if (search && search.longWords.length > PREPARED_WORDS) return pageQuery(db, list, values)
  const key = [
    input.sort ?? 'title',
    input.order ?? 'asc',
    prepared ? prepared.key : '',
    genreId === undefined ? '' : 'g',
    after ? 'n' : '',
  ].join('_')
  return preparedPage(db, key, list).execute({
    ...prepared?.values,
    genreId,
    rows: values.rows,
    afterSort: after?.sort,
    afterId: after?.id,
  })
}

/** The count of a search's matches, stopping past the cap (what a first page's `listTotal` counts): for the benchmark's EXPLAIN. */
export function countBooksQuery(db: Database, input: BookFilter) {
  const filter = filterOf({ search: searchTermOf(input.searchTerm), genreId: input.genreId || undefined })
  return cappedCountQuery(db, db.select({ id: book.id }).from(book).where(filter).$dynamic())
}

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

/** One page and, on a first page, its total (one statement); its rows one more than the page: whether a next page exists. */
async function readPage(db: Database, list: BookList) {
  const { input, values } = list
  const rows = await pageRows(db, list)
  const total = totalOfRows(input, rows, Boolean(values.search || values.genreId !== undefined))
  const page = toPage(rows, input.limit, (row) => (input.sort === 'author' ? row.author : row.title))
  return { items: page.items.map(toBook), nextCursor: page.nextCursor, ...total }
}

/**
 * The unfiltered first page, kept per page size until the database announces
 * a write to a table it reads (docs/decisions/026-kept-first-page.md).
 */
const keptFirstPages = keptReads<Awaited<ReturnType<typeof readPage>>>({
  name: 'book first page',
  reads: ['book', 'genre', 'row_count'],
  // A new genre is on no book yet; the counters' rows are the migrations'.
  insertsCannotChange: ['genre', 'row_count'],
  // Its own books; any other book only by entering it, which moves the order by title (an insert, a delete, a new
  // title: `book#title`); any genre's name may be on it; its total is the book counter.
  dependsOn: (page) => ['book#title', ...page.items.map((item) => `book:${item.id}`), 'genre', 'row_count:book'],
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
