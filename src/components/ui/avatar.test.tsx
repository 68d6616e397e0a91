import { describe, expect, it } from 'vitest'

import { PICTURE_SHAPES, pictureUrl } from '@/lib/pictures/shapes'

import { avatarUrl } from './avatar'

describe('avatarUrl', () => {
  it('is the URL the API serves the kept width at, for every size', () => {
    const widths = PICTURE_SHAPES.avatars.widths as readonly number[]
    for (const [size, width] of [
      ['sm', 64],
      ['md', 128],
      ['lg', 256],
    ] as const) {
      expect(widths).toContain(width)
      expect(avatarUrl('user 1', 'abcdefghijklmnopqrstuv', size)).toBe(
        pictureUrl('avatars', 'user 1', 'abcdefghijklmnopqrstuv', width),
      )
    }
  })
})
