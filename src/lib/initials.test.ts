import { describe, expect, it } from 'vitest'

import { initials } from './initials'

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['  ada   byron lovelace ', 'AL'],
    ['Zoé', 'ZO'],
    ['', '?'],
    ['😀 Smile', '😀S'],
    ['𐐨𐐩', '𐐀𐐁'],
  ])('of %j are %j, whole characters', (name, expected) => {
    expect(initials(name)).toBe(expected)
    expect(initials(name)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })
})
