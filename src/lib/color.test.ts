import { describe, expect, it } from 'vitest'

import { contrastRatio, namedColors, parseColor, readableTextColor, relativeLuminance, toHex } from './color'

describe('parseColor', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['#FFD700', [255, 215, 0]],
    ['#3b3fb5cc', [59, 63, 181]],
    ['#abcd', [170, 187, 204]],
    ['gold', [255, 215, 0]],
    [' Teal ', [0, 128, 128]],
    ['rebeccapurple', [102, 51, 153]],
    ['rgb(255, 0, 0)', [255, 0, 0]],
    ['rgba(0 128 0 / 50%)', [0, 128, 0]],
    ['rgb(100%, 50%, 0%)', [255, 128, 0]],
    ['hsl(0, 100%, 50%)', [255, 0, 0]],
    ['hsl(120deg 100% 25%)', [0, 128, 0]],
    ['hsla(240, 100%, 50%, 0.3)', [0, 0, 255]],
  ])('%j → %j', (input, rgb) => {
    expect(parseColor(input)).toEqual(rgb)
  })

  it.each(['', 'blurple', '#12', '#ggg', 'rgb(1, 2)', 'rgb(a, b, c)', 'hsl(10, 20, 30)', 'url(x)', 'transparent'])(
    'refuses %j',
    (input) => {
      expect(parseColor(input)).toBeUndefined()
    },
  )

  it('knows the 148 CSS named colours', () => {
    expect(namedColors().size).toBe(148)
    for (const hex of namedColors().values()) expect(hex).toMatch(/^[0-9a-f]{6}$/)
  })
})

describe('readable text colour', () => {
  it('is black on light backgrounds and white on dark ones', () => {
    for (const light of ['white', 'gold', 'yellow', 'lightblue', 'orange', 'lime', '#f0f0f0']) {
      expect(readableTextColor(parseColor(light)!), light).toBe('#000000')
    }
    for (const dark of ['black', 'navy', 'purple', 'darkred', 'teal', '#3b3fb5', 'rebeccapurple']) {
      expect(readableTextColor(parseColor(dark)!), dark).toBe('#ffffff')
    }
  })

  it('always reaches at least 4.5:1 on the named colours (WCAG AA for small text)', () => {
    for (const [name, hex] of namedColors()) {
      const background = parseColor(`#${hex}`)!
      const text = relativeLuminance(parseColor(readableTextColor(background))!)
      // The better of black and white never drops below 4.58:1.
      expect(contrastRatio(relativeLuminance(background), text), name).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('luminance and contrast follow WCAG', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0)
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1)
    expect(contrastRatio(0, 1)).toBeCloseTo(21)
    expect(toHex([255, 215, 0])).toBe('#ffd700')
  })
})
