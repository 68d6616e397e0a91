import { asc, desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { book, genre } from '@/server/db/schema'
import { FEW_MATCHES, FILTERED_WALK } from '@/server/lists/filtered-pages.server'
import { allOf, encodeCursor } from '@/server/lists/keyset.server'
import { searchWhere } from '@/server/lists/search.server'
import { TOTAL_CAP } from '@/server/lists/totals.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { everyPage, idsOf } from '@/test/pages'
import { BOOK_SUMMARY, slicesMissingBits, summaryCut } from '@/test/search-slices'
import { seededChoices } from '@/test/seeded-random'

/**
 * A search's pages are the same rows in the same (title, id) order whichever
 * of `filteredPageIds`' three ways finds them (decision 032): generated
 * catalogues where a word is common and spread (found by the walk), rare and
 * late in the order (by its own index), common and clustered at the end of the
 * order (the walk goes on), against the plain definition of a search (`ILIKE`
 * on the title or the author, in (title, id) order). The order's summary of
 * decision 041 (the slices a clustered word is not in are skipped) is cut
 * over half the catalogue; the other half, and writes in plain SQL, reach it
 * through its trigger.
 */
const SEED = Number(process.env.TEST_SEED ?? 32)
const { int, pick, chance } = seededChoices(SEED)

const SPREAD = 'lantern'
const RARE_LATE = 'marigold'
const CLUSTERED_LATE = 'velvetine'
const RARE_EARLY = 'amethyst'
const FILLER = ['Orchard', 'Tide', 'Harbour', 'Quarry', 'Meadow', 'Compass', 'Bridge']
const AUTHORS = ['Ada Becker', 'Omar Lantern', 'Yara Costa', 'Zeno Abara', 'Luc Ibsen']

let api: ApiHarness
let genreIds: string[]

beforeAll(async () => {
  api = await createApiHarness()
  genreIds = (await api.db.select({ id: genre.id }).from(genre)).map((row) => row.id)
  const rows: Array<{ id: string; title: string; author: string; genreId: string | null }> = []
  // Authors tie within each thousand rows (sorted by author, ties go by id), the clustered titles' authors
  // are all different (their titles tie); a repeated (title, author) is left out.
  const add = (title: string) =>
    rows.push({
      id: `gen-${rows.length}`,
      title,
      author: `${pick(AUTHORS)} ${title.startsWith('Zz') ? rows.length : Math.floor(rows.length / 1000)}`,
      genreId: chance(0.9) ? pick(genreIds) : null,
    })
  // Four runs of the order (A, B, M, P) of half a walk each, then the clustered word: a walk from the
  // start ends after B. The rare word sits in each run (found partly by the walk, the rest by its
  // own index), the clustered one in A (by the walk) and then only at the end (the walk goes on).
  for (const run of ['A', 'B', 'M', 'P']) {
    for (let i = 0; i < FILTERED_WALK / 2; i++) {
      const word = chance(0.3) ? SPREAD : chance(0.02) ? RARE_LATE : pick(FILLER)
      add(`${run} ${pick(FILLER)} ${run === 'A' && i % 100 === 0 ? CLUSTERED_LATE : word} ${int(50)}`)
    }
  }
  for (let i = 0; i < 12; i++) add(`Aa ${RARE_EARLY} ${pick(FILLER)} ${int(3)}`)
  for (let i = 0; i < 10; i++) add(`Zy ${RARE_LATE} ${pick(FILLER)} ${int(3)}`)
  // Ties on the title: the same few titles for many books, ordered by id.
  for (let i = 0; i < TOTAL_CAP + 150; i++) add(`Zz ${CLUSTERED_LATE} ${pick(FILLER)} ${int(4)}`)
  // The order's summary (decision 041) cut over the first half, in slices of ~150 rows; the second
  // half joins it through the trigger, as the app's writes do.
  const insert = async (part: typeof rows) => {
    for (let start = 0; start < part.length; start += 500)
      await api.db
        .insert(book)
        .values(part.slice(start, start + 500))
        .onConflictDoNothing()
  }
  const shuffled = rows.map((row) => ({ row, key: int(1_000_000) })).sort((a, b) => a.key - b.key)
  const half = Math.floor(rows.length / 2)
  await insert(shuffled.slice(0, half).map(({ row }) => row))
  await api.db.execute(sql`select book_search_slices_rebuild(${Math.floor(half / 150)})`)
  await insert(shuffled.slice(half).map(({ row }) => row))
})

interface Listing {
  sort?: 'title' | 'author'
  order?: 'asc' | 'desc'
  genreId?: string
}

/** Every matching id in the list's order, as the plain definition of a search reads them. */
async function expected(term: string, { sort = 'title', order = 'asc', genreId }: Listing = {}) {
  const direction = order === 'asc' ? asc : desc
  const rows = await api.db
    .select({ id: book.id })
    .from(book)
    .where(allOf(searchWhere(term, [book.title, book.author]), genreId ? eq(book.genreId, genreId) : undefined))
    .orderBy(direction(sort === 'author' ? book.author : book.title), direction(book.id))
  return rows.map((row) => row.id)
}

/** Every page of the search as the API serves it, from the first or from a cursor. */
async function served(term: string, limit: number, cursor?: string, listing: Listing = {}) {
  const user = await api.client('user')
  return idsOf(await everyPage((cursor) => user.book.list({ searchTerm: term, limit, cursor, ...listing }), { cursor }))
}

describe(`book.list search pages (seed ${SEED})`, () => {
  it('the generated words sit where each way of finding them is needed', async () => {
    const count = async (term: string) => (await expected(term)).length
    expect(await count(CLUSTERED_LATE)).toBeGreaterThan(TOTAL_CAP)
    expect(await count(RARE_LATE)).toBeLessThan(FEW_MATCHES)
    // Past the first walk: the rare word's later matches and the clustered word's run at the end.
    const pastTheWalk = (term: string) =>
      api.db.$count(book, sql`${book.title} >= 'M' and ${book.search} like ${`%${term}%`}`)
    expect(await pastTheWalk(RARE_LATE)).toBeGreaterThan(0)
    expect(await pastTheWalk(CLUSTERED_LATE)).toBeGreaterThan(TOTAL_CAP)
  })

  it('serves every page of a search as the plain search reads it, whatever the way', async () => {
    const terms = [
      SPREAD,
      RARE_LATE,
      CLUSTERED_LATE,
      RARE_EARLY,
      CLUSTERED_LATE.toUpperCase(),
      'arigol',
      `${CLUSTERED_LATE} ${FILLER[0]}`,
      'lantern 1',
      'zeno abara',
      'nothing-matches-this',
      'a',
      'zz',
    ]
    for (const term of terms) {
      const all = await expected(term)
      const limit = pick([7, 20, 100])
      expect(await served(term, limit), `"${term}" in pages of ${limit}`).toEqual(all)
    }
  }, 90_000)

  it('serves the same rows from any cursor, also one just before a clustered or rare word', async () => {
    const user = await api.client('user')
    for (let round = 0; round < 12; round++) {
      const term = pick([SPREAD, RARE_LATE, CLUSTERED_LATE, RARE_EARLY, 'abara'])
      const all = await expected(term)
      // A cursor from the whole catalogue's order: anywhere, not only on a match.
      const catalogue = await api.db
        .select({ id: book.id, title: book.title })
        .from(book)
        .orderBy(asc(book.title), asc(book.id))
      const at = catalogue[int(catalogue.length)]!
      const cursor = encodeCursor({ sort: at.title, id: at.id })
      const position = new Map(catalogue.map((entry, index) => [entry.id, index]))
      const after = all.filter((id) => position.get(id)! > position.get(at.id)!)
      const limit = pick([3, 20])
      expect(await served(term, limit, cursor), `"${term}" after ${at.title}`).toEqual(after)
      const first = await user.book.list({ searchTerm: term, limit, cursor })
      expect(first.items.map((item) => item.id)).toEqual(after.slice(0, limit))
    }
  })

  it("keeps the order's summary true through the app's writes and plain SQL, and cuts it anew", async () => {
    expect(await slicesMissingBits(api, BOOK_SUMMARY)).toEqual([])
    // Written behind the app's back: a common word clustered late, and an early book retitled into it.
    await api.db.execute(sql`
      insert into book (id, title, author)
      select 'sql-' || i, 'Zx quokkaline ' || i, 'Plain Sql ' || i from generate_series(1, ${FEW_MATCHES + 50}) as i`)
    const [early] = await expected(SPREAD)
    await api.db.execute(sql`update book set title = 'Ab quokkaline retitled' where id = ${early!}`)
    expect(await slicesMissingBits(api, BOOK_SUMMARY)).toEqual([])
    for (const listing of [{}, { order: 'desc' }, { sort: 'author' }] satisfies Listing[]) {
      const all = await expected('quokkaline', listing)
      expect(all).toHaveLength(FEW_MATCHES + 51)
      expect(await served('quokkaline', 20, undefined, listing), JSON.stringify(listing)).toEqual(all)
    }
    // The set-based rebuild gives each slice exactly the bits of its rows, as the trigger computes them.
    await api.db.execute(sql`select book_search_slices_rebuild(12)`)
    expect(await slicesMissingBits(api, BOOK_SUMMARY, true)).toEqual([])
    expect(await served('quokkaline', 100)).toEqual(await expected('quokkaline'))
    // By default 256 slices an order, their bits stored as they are: a search tests them in a quarter of the time.
    expect(await summaryCut(api, BOOK_SUMMARY)).toEqual([
      { sort: 'author', slices: 256, compressed: 0 },
      { sort: 'title', slices: 256, compressed: 0 },
    ])
    expect(await served('quokkaline', 100, undefined, { sort: 'author' })).toEqual(
      await expected('quokkaline', { sort: 'author' }),
    )
  })

  it('sorts by title or author, either way, with a genre or none, with a search or none, page after page', async () => {
    for (let round = 0; round < 10; round++) {
      const listing: Listing = {
        sort: pick(['title', 'author'] as const),
        order: pick(['asc', 'desc'] as const),
        genreId: chance(0.5) ? pick(genreIds) : undefined,
      }
      const term = pick(['', '', SPREAD, RARE_LATE, CLUSTERED_LATE, 'abara'])
      const limit = pick([20, 100])
      const ids = await served(term, limit, undefined, listing)
      expect(ids, `"${term}" ${JSON.stringify(listing)} in pages of ${limit}`).toEqual(await expected(term, listing))
    }
  })

  it('matches a term that spans a line break within a field only, in every order', async () => {
    await api.db.execute(sql`
      insert into book (id, title, author) values ('lines-1', ${'Vellum\nQuire'}, 'Ann Lines'), ('lines-2', 'Vellum', 'Quire Lines')`)
    for (const listing of [
      {},
      { order: 'desc' },
      { sort: 'author' },
      { sort: 'author', order: 'desc' },
    ] satisfies Listing[]) {
      expect(await expected('vellum\nquire', listing)).toEqual(['lines-1'])
      expect(await served('vellum\nquire', 20, undefined, listing), JSON.stringify(listing)).toEqual(['lines-1'])
    }
  })
})
