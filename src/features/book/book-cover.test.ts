import { describe, expect, it } from 'vitest'

import { contrastRatio, parseColor, relativeLuminance } from '@/lib/color'
import { SEED_GENRES } from '@/server/db/seed.server'

import { coverColors } from './book-cover'

const ratio = (a: string, b: string) =>
  contrastRatio(relativeLuminance(parseColor(a)!), relativeLuminance(parseColor(b)!))

describe('coverColors', () => {
  it('gives every seeded genre a cover whose text reads at WCAG AA (4.5:1)', () => {
    for (const genre of SEED_GENRES) {
      const { background, foreground } = coverColors(genre.color)
      expect(background).toBe(genre.color)
      expect(ratio(background, foreground), genre.name).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('falls back to a neutral readable cover without a genre or with a colour it cannot read', () => {
    for (const color of [undefined, 'not-a-colour']) {
      const { background, foreground } = coverColors(color)
      expect(background).toBe('#64748B')
      expect(ratio(background, foreground)).toBeGreaterThanOrEqual(4.5)
    }
  })
})
