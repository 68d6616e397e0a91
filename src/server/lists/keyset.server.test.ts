import { describe, expect, it } from 'vitest'

import { decodeCursor, encodeCursor, toPage } from './keyset.server'

describe('cursors', () => {
  it('round-trip the last row of a page, and a next cursor exists only when a row is left', () => {
    const rows = [
      { id: 'a', title: 'Dune' },
      { id: 'b', title: 'Dune' },
      { id: 'c', title: 'Emma' },
    ]
    const page = toPage(rows, 2, (row) => row.title)
    expect(page.items).toHaveLength(2)
    expect(decodeCursor(page.nextCursor!)).toEqual({ sort: 'Dune', id: 'b' })
    expect(toPage(rows, 3, (row) => row.title).nextCursor).toBeNull()
    expect(decodeCursor(encodeCursor({ sort: 'é"\\', id: '1' }))).toEqual({ sort: 'é"\\', id: '1' })
  })

  it('refuse a forged cursor with a 400 on the cursor field', () => {
    expect(() => decodeCursor('bm9wZQ')).toThrow(
      expect.objectContaining({
        status: 400,
        data: expect.objectContaining({ fields: { cursor: 'ui:api.invalidCursor' } }),
      }),
    )
  })
})
