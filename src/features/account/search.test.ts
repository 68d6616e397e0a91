import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'
import { searchValues } from '@/test/fixtures/search-values'

import { accountSearch } from './search'

const values = searchValues

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
