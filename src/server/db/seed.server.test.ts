import { describe, expect, it } from 'vitest'

import { genreRows, SEED_GENRES } from './seed.server'

describe('seed genres', () => {
  it('keeps the seeded genre names, trimmed', () => {
    expect(genreRows(SEED_GENRES).map((row) => row.name)).toEqual(SEED_GENRES.map((g) => g.name))
    expect(genreRows([{ name: '  Essay ', color: '#000000' }])[0]!.name).toBe('Essay')
  })

  it('refuses a blank name and a duplicate name, as every other genre write does', () => {
    expect(() => genreRows([{ name: '  ', color: '#000000' }])).toThrow('book:validation.genreNameRequired')
    expect(() =>
      genreRows([
        { name: 'Essay', color: '#000000' },
        { name: 'Essay', color: '#111111' },
      ]),
    ).toThrow('Genre already exists')
  })
})
