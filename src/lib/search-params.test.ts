import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'

import { listSearchSchema } from './pagination'
import { emailOrEmpty, listSearch, optionalString, redirectSearch } from './search-params'

// What the router may hand over after parsing a query string (JSON values included).
const values: unknown[] = [
  'change-name',
  'x'.repeat(320),
  'x'.repeat(321),
  undefined,
  null,
  '',
  'winter',
  '/app/books?x=1',
  42,
  true,
  ['a'],
  { a: 1 },
  'x'.repeat(200),
  'x'.repeat(201),
  'user@user.com',
  ' user@user.com',
  'not-an-email',
  'a@b',
]

describe('search params without zod', () => {
  it.each(values.map((value) => [value]))('%j: the same as the schemas they replace', (value) => {
    expect(listSearch({ searchTerm: value } as Parameters<typeof listSearch>[0])).toEqual(
      listSearchSchema.parse({ searchTerm: value }),
    )
    expect(redirectSearch({ redirect: value }).redirect).toEqual(
      z.object({ redirect: z.string().optional().catch(undefined) }).parse({ redirect: value }).redirect,
    )
    expect(optionalString(value)).toEqual(z.string().optional().catch(undefined).parse(value))
    expect(emailOrEmpty(value)).toEqual(z.email().catch('').parse(value))
  })
})
