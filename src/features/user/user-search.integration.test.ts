import { asc, desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { user } from '@/server/db/schema'
import { FEW_MATCHES, FILTERED_WALK } from '@/server/lists/filtered-pages.server'
import { allOf } from '@/server/lists/keyset.server'
import { searchWhere } from '@/server/lists/search.server'
import { TOTAL_CAP } from '@/server/lists/totals.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { everyPage, idsOf } from '@/test/pages'
import { slicesMissingBits, summaryCut, USER_SUMMARY } from '@/test/search-slices'
import { seededChoices } from '@/test/seeded-random'

/**
 * The user list's search (its name or e-mail holds the term) serves the same
 * rows in the same order as the plain `ILIKE` definition, whichever way
 * `filteredPageIds` finds them, by name or e-mail, either way, with a role or
 * a ban: a first name spread over the order, a rare one late, one clustered
 * at the end (the case the order's summary of decision 041 is for: a first
 * name far along the name order). The summary is cut over half the users;
 * the other half, and writes in plain SQL, reach it through its trigger.
 */
const SEED = Number(process.env.TEST_SEED ?? 41)
const { int, pick, chance } = seededChoices(SEED)

const SPREAD = 'Lantara'
const RARE_LATE = 'Marigolda'
const CLUSTERED_LATE = 'Velvetine'
const FILLER = ['Orla', 'Tidus', 'Harbo', 'Quarra', 'Meda', 'Compa']
const LAST = ['Becker', 'Costa', 'Abara', 'Ibsen', 'Ndiaye']
const DOMAINS = ['example.test', 'quillmail.test']

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
  const rows: Array<typeof user.$inferInsert> = []
  const add = (name: string) => {
    const i = rows.length
    rows.push({
      id: `gen-${i}`,
      name,
      email: `${name.toLowerCase().replaceAll(' ', '.')}.${i}@${chance(0.1) ? DOMAINS[1] : DOMAINS[0]}`,
      role: chance(0.01) ? 'admin' : 'user',
      banned: chance(0.02),
    })
  }
  // Four runs of the name order of half a walk each: a walk from the start ends after B. The rare
  // name sits in each run, the clustered one in A (found by the walk) and then only at the end.
  for (const run of ['A', 'B', 'M', 'P']) {
    for (let i = 0; i < FILTERED_WALK / 2; i++) {
      const first =
        run === 'A' && i % 100 === 0 ? CLUSTERED_LATE : chance(0.3) ? SPREAD : chance(0.02) ? RARE_LATE : pick(FILLER)
      add(`${run} ${first} ${pick(LAST)}`)
    }
  }
  for (let i = 0; i < 10; i++) add(`Zy ${RARE_LATE} ${pick(LAST)}`)
  // Ties on the name, ordered by id.
  for (let i = 0; i < TOTAL_CAP + 150; i++) add(`Zz ${CLUSTERED_LATE} ${pick(LAST)}`)
  const shuffled = rows.map((row) => ({ row, key: int(1_000_000) })).sort((a, b) => a.key - b.key)
  const insert = async (part: typeof rows) => {
    for (let start = 0; start < part.length; start += 500)
      await api.db.insert(user).values(part.slice(start, start + 500))
  }
  const half = Math.floor(rows.length / 2)
  await insert(shuffled.slice(0, half).map(({ row }) => row))
  await api.db.execute(sql`select user_search_slices_rebuild(${Math.floor(half / 150)})`)
  await insert(shuffled.slice(half).map(({ row }) => row))
})

interface Listing {
  sort?: 'name' | 'email'
  order?: 'asc' | 'desc'
  role?: 'admin' | 'user'
  banned?: 'true' | 'false'
}

/** Every matching id in the list's order, as the plain definition of a search reads them. */
async function expected(term: string, { sort = 'name', order = 'asc', role, banned }: Listing = {}) {
  const direction = order === 'asc' ? asc : desc
  const rows = await api.db
    .select({ id: user.id })
    .from(user)
    .where(
      allOf(
        searchWhere(term, [user.name, user.email]),
        role ? eq(user.role, role) : undefined,
        banned ? eq(user.banned, banned === 'true') : undefined,
      ),
    )
    .orderBy(direction(sort === 'email' ? user.email : user.name), direction(user.id))
  return rows.map((row) => row.id)
}

/** Every page of the search as the API serves it to an admin. */
async function served(term: string, limit: number, listing: Listing = {}) {
  const admin = await api.client('admin')
  return idsOf(await everyPage((cursor) => admin.user.list({ searchTerm: term, limit, cursor, ...listing })))
}

describe(`user.list search pages (seed ${SEED})`, () => {
  it('the generated names sit where each way of finding them is needed', async () => {
    expect((await expected(CLUSTERED_LATE)).length).toBeGreaterThan(TOTAL_CAP)
    expect((await expected(RARE_LATE)).length).toBeLessThan(FEW_MATCHES)
    expect(await slicesMissingBits(api, USER_SUMMARY)).toEqual([])
  })

  it('serves every page of a search as the plain search reads it, by name or e-mail, either way, with a role or a ban', async () => {
    const terms = [
      SPREAD,
      RARE_LATE,
      CLUSTERED_LATE,
      CLUSTERED_LATE.toUpperCase(),
      'elveti',
      `zz ${CLUSTERED_LATE}`,
      'quillmail',
      `${CLUSTERED_LATE.toLowerCase()}.ab`,
      'nothing-matches-this',
      'a',
      'zz',
    ]
    for (const term of terms) {
      const listing: Listing = {
        sort: pick(['name', 'email'] as const),
        order: pick(['asc', 'desc'] as const),
        role: chance(0.3) ? pick(['admin', 'user'] as const) : undefined,
        banned: chance(0.3) ? pick(['true', 'false'] as const) : undefined,
      }
      const limit = pick([7, 20, 100])
      expect(await served(term, limit, listing), `"${term}" ${JSON.stringify(listing)} in pages of ${limit}`).toEqual(
        await expected(term, listing),
      )
    }
  }, 120_000)

  it("keeps the order's summary true through plain SQL writes, and cuts it anew", async () => {
    // Written behind the app's back: a name clustered late, an early user renamed into it, a late one's address.
    await api.db.execute(sql`
      insert into "user" (id, name, email)
      select 'sql-' || i, 'Zx Quokkaline ' || i, 'plain.' || i || '@example.test' from generate_series(1, ${FEW_MATCHES + 50}) as i`)
    const [early] = await expected(SPREAD)
    await api.db.execute(sql`update "user" set name = 'Ab Quokkaline Renamed' where id = ${early!}`)
    const other = (await expected(SPREAD, { sort: 'email' })).at(-1)
    await api.db.execute(sql`update "user" set email = 'aa.quokkaline@example.test' where id = ${other!}`)
    expect(await slicesMissingBits(api, USER_SUMMARY)).toEqual([])
    for (const listing of [
      {},
      { order: 'desc' },
      { sort: 'email' },
      { sort: 'email', order: 'desc' },
    ] satisfies Listing[]) {
      const all = await expected('quokkaline', listing)
      expect(all).toHaveLength(FEW_MATCHES + 52)
      expect(await served('quokkaline', 20, listing), JSON.stringify(listing)).toEqual(all)
    }
    // The set-based rebuild gives each slice exactly the bits of its rows, as the trigger computes them.
    await api.db.execute(sql`select user_search_slices_rebuild(12)`)
    expect(await slicesMissingBits(api, USER_SUMMARY, true)).toEqual([])
    expect(await served('quokkaline', 100, { sort: 'email' })).toEqual(await expected('quokkaline', { sort: 'email' }))
    // By default 256 slices an order, their bits stored as they are: a search tests them in a quarter of the time.
    expect(await summaryCut(api, USER_SUMMARY)).toEqual([
      { sort: 'email', slices: 256, compressed: 0 },
      { sort: 'name', slices: 256, compressed: 0 },
    ])
    expect(await served('quokkaline', 100, { order: 'desc' })).toEqual(await expected('quokkaline', { order: 'desc' }))
  })

  it('matches a term that spans a line break within a field only, in every order', async () => {
    await api.db.execute(sql`
      insert into "user" (id, name, email) values
        ('lines-1', ${'Vellum\nQuire'}, 'ann.lines@example.test'), ('lines-2', 'Vellum', 'quire.lines@example.test')`)
    for (const listing of [
      {},
      { order: 'desc' },
      { sort: 'email' },
      { sort: 'email', order: 'desc', role: 'user' },
    ] satisfies Listing[]) {
      expect(await expected('vellum\nquire', listing)).toEqual(['lines-1'])
      expect(await served('vellum\nquire', 20, listing), JSON.stringify(listing)).toEqual(['lines-1'])
    }
  })
})
