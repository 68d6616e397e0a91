import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'

import { accountSearch } from './search'

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

describe('account search without zod', () => {
  it.each(values.map((value) => [value]))('%j: the same as the schema it replaces', (value) => {
    // The schema the account routes had.
    const account = z.object({
      state: z.enum(['', 'change-name']).default('').catch(''),
      newEmail: z.string().max(320).default('').catch(''),
    })
    for (const search of [{ state: value }, { newEmail: value }, { state: 'change-name', newEmail: value }]) {
      expect(accountSearch(search as Parameters<typeof accountSearch>[0])).toEqual(account.parse(search))
    }
  })
})
