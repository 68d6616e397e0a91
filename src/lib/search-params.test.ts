import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'
import { searchValues } from '@/test/fixtures/search-values'

import { listSearchSchema } from './pagination'
import {
  emailOrEmpty,
  LIST_PAGES_MAX,
  listPageQuery,
  listPages,
  listSearch,
  optionalString,
  redirectSearch,
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
    expect(parseList({})).toEqual({ searchTerm: '' })
    expect('pages' in parseList({ pages: 1 })).toBe(false)
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
})
