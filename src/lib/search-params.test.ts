import { describe, expect, it } from 'vitest'

import { z } from '@/lib/i18n/zod'
import { searchValues } from '@/test/fixtures/search-values'

import { listSearchSchema } from './pagination'
import { emailOrEmpty, listSearch, optionalString, redirectSearch } from './search-params'

const values = searchValues

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
