import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'
import { searchValues } from '@/test/fixtures/search-values'

import { listSearchSchema } from './pagination'
import {
  bookListSearch,
  emailOrEmpty,
  LIST_PAGES_MAX,
  listPageQuery,
  listPages,
  listSearch,
  nextSort,
  optionalString,
  redirectSearch,
  userListSearch,
} from './search-params'

const values = searchValues
/** listSearch on what the router hands over (its input type also carries a marker for links). */
const parseList = (search: object) => listSearch(search as Parameters<typeof listSearch>[0])

describe('search params without zod', () => {
  it.each(values.map((value) => [value]))('%j: the same as the schemas they replace', (value) => {
    expect(listSearch({ searchTerm: value } as Parameters<typeof listSearch>[0])).toEqual(
      listSearchSchema.parse({ searchTerm: value }),
    )
    expect(listSearch({ pages: value } as Parameters<typeof listSearch>[0])).toEqual(
      listSearchSchema.parse({ pages: value }),
    )
    expect(redirectSearch({ redirect: value }).redirect).toEqual(
      z.object({ redirect: z.string().optional().catch(undefined) }).parse({ redirect: value }).redirect,
    )
    expect(optionalString(value)).toEqual(z.string().optional().catch(undefined).parse(value))
    expect(emailOrEmpty(value)).toEqual(z.email().catch('').parse(value))
  })
})

describe('list pages (?pages=, the Load more link)', () => {
  const pages = [2, 3, 10, 11, 999, '2', '7', '12', 1, 0, -3, 2.5, '2.5', '', 'x', null, undefined, true, [3], { n: 3 }]

  it.each(pages.map((value) => [value]))('%j: the same as the schema', (value) => {
    expect(listSearch({ pages: value } as Parameters<typeof listSearch>[0])).toEqual(
      listSearchSchema.parse({ pages: value }),
    )
  })

  it('keeps 2 to 10 pages, caps more at 10, and drops one page or anything malformed', () => {
    expect(listPages(3)).toBe(3)
    expect(listPages('7')).toBe(7)
    expect(listPages(LIST_PAGES_MAX)).toBe(10)
    expect(listPages(11)).toBe(10)
    expect(listPages(1_000_000)).toBe(10)
    for (const bad of [1, 0, -3, 2.5, '2.5', '', ' 3', 'x', null, undefined, true, [3], Number.NaN, Infinity]) {
      expect(listPages(bad), JSON.stringify(bad)).toBeUndefined()
    }
    expect(parseList({ searchTerm: 'winter', pages: 4 })).toEqual({ searchTerm: 'winter', pages: 4 })
    expect(parseList({})).toEqual({ searchTerm: '', pages: undefined })
    // The key stays, undefined: the router lays the output over the URL's raw params, and a missing
    // key would keep a malformed `?pages=abc` as it came.
    const dropped = parseList({ pages: 'abc' })
    expect(Object.keys(dropped)).toContain('pages')
    expect(dropped.pages).toBeUndefined()
  })

  it('reads a term the router parsed as JSON (a search form posted before hydration) as its text', () => {
    expect(parseList({ searchTerm: 1984 })).toEqual({ searchTerm: '1984' })
    expect(parseList({ searchTerm: true })).toEqual({ searchTerm: 'true' })
    expect(parseList({ searchTerm: Number.NaN })).toEqual({ searchTerm: '' })
    expect(parseList({ searchTerm: { a: 1 } })).toEqual({ searchTerm: '' })
  })

  it('builds the query string of a list page with one more page, capped', () => {
    expect(listPageQuery('', 2)).toBe('?pages=2')
    expect(listPageQuery('winter & co', 3)).toBe('?searchTerm=winter+%26+co&pages=3')
    expect(listPageQuery('x', 11)).toBe('?searchTerm=x&pages=10')
  })

  it('keeps the sort and the filters in the link, and leaves out those not set', () => {
    expect(listPageQuery('', 2, { sort: 'author', order: 'desc', genreId: undefined })).toBe(
      '?sort=author&order=desc&pages=2',
    )
    expect(listPageQuery('amina', 3, { role: 'admin', banned: false })).toBe(
      '?searchTerm=amina&role=admin&banned=false&pages=3',
    )
  })
})

/** The sorts and filters as the API reads them: what a search param keeps is a valid input. */
const bookInput = z.object({ sort: z.enum(['title', 'author']), order: z.enum(['asc', 'desc']) })
const userInput = z.object({ sort: z.enum(['name', 'email']), order: z.enum(['asc', 'desc']) })
const parseBooks = (search: object) => bookListSearch(search as Parameters<typeof bookListSearch>[0])
const parseUsers = (search: object) => userListSearch(search as Parameters<typeof userListSearch>[0])

describe('list sorts and filters (?sort=&order=&genreId=, ?role=&banned=)', () => {
  it('defaults to the first sort, ascending, with no filter', () => {
    expect(parseBooks({})).toEqual({ searchTerm: '', sort: 'title', order: 'asc' })
    expect(parseUsers({})).toEqual({ searchTerm: '', sort: 'name', order: 'asc' })
  })

  it('keeps a known sort, order and filter with the search and the pages', () => {
    expect(parseBooks({ searchTerm: 'winter', pages: 3, sort: 'author', order: 'desc', genreId: 'g-1' })).toEqual({
      searchTerm: 'winter',
      pages: 3,
      sort: 'author',
      order: 'desc',
      genreId: 'g-1',
    })
    expect(parseUsers({ sort: 'email', order: 'desc', role: 'admin', banned: true })).toEqual({
      searchTerm: '',
      sort: 'email',
      order: 'desc',
      role: 'admin',
      banned: true,
    })
    // The router parses `?banned=false` as JSON; a hand-written link may carry the text.
    expect(parseUsers({ banned: 'false' }).banned).toBe(false)
    expect(parseUsers({ banned: false }).banned).toBe(false)
  })

  it.each(values.map((value) => [value]))('%j: falls back to the defaults, never throws', (value) => {
    const books = parseBooks({ sort: value, order: value, genreId: value })
    expect(bookInput.safeParse(books).success).toBe(true)
    expect(books.genreId === undefined || (typeof value === 'string' && books.genreId === value)).toBe(true)
    const users = parseUsers({ sort: value, order: value, role: value, banned: value })
    expect(userInput.safeParse(users).success).toBe(true)
    expect(users.role).toBeUndefined()
    expect(users.banned === undefined || value === true).toBe(true)
  })

  it('keeps every key, undefined when dropped: the router lays them over the raw params', () => {
    const books = parseBooks({ pages: 1, genreId: 'x'.repeat(101) })
    expect(Object.keys(books).sort()).toEqual(['genreId', 'order', 'pages', 'searchTerm', 'sort'])
    expect(books.genreId).toBeUndefined()
    const users = parseUsers({ role: 'superuser', banned: 'maybe' })
    expect(Object.keys(users).sort()).toEqual(['banned', 'order', 'pages', 'role', 'searchTerm', 'sort'])
    expect([users.role, users.banned, users.pages]).toEqual([undefined, undefined, undefined])
  })

  it('drops what the API would refuse: another column, a role it does not know, an overlong id', () => {
    expect(parseBooks({ sort: 'publisher', order: 'up' })).toMatchObject({ sort: 'title', order: 'asc' })
    expect(parseBooks({ sort: 'name' }).sort).toBe('title')
    expect(parseUsers({ sort: 'title', role: 'superuser', banned: 'yes' })).toEqual({
      searchTerm: '',
      sort: 'name',
      order: 'asc',
    })
    expect(parseBooks({ genreId: 'x'.repeat(101) }).genreId).toBeUndefined()
    expect(parseBooks({ genreId: '' }).genreId).toBeUndefined()
  })

  it('a header asks for its column ascending, or the other direction when it is the sort', () => {
    expect(nextSort({ sort: 'title', order: 'asc' }, 'author')).toEqual({ sort: 'author', order: 'asc' })
    expect(nextSort({ sort: 'author', order: 'desc' }, 'title')).toEqual({ sort: 'title', order: 'asc' })
    expect(nextSort({ sort: 'title', order: 'asc' }, 'title')).toEqual({ sort: 'title', order: 'desc' })
    expect(nextSort({ sort: 'title', order: 'desc' }, 'title')).toEqual({ sort: 'title', order: 'asc' })
  })
})
