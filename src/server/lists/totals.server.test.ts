import { describe, expect, it, vi } from 'vitest'

import { pageWithTotal, TOTAL_CAP, totalOfRows } from './totals.server'

describe('pageWithTotal', () => {
  const countAll = () => vi.fn(async () => ({ total: 1234, totalCapped: true }))

  it('sends the count before the page has come back, and gives its figure on a full first page', async () => {
    const count = countAll()
    let resolveRows!: (rows: number[]) => void
    const rows = new Promise<number[]>((resolve) => (resolveRows = resolve))
    const result = pageWithTotal({ limit: 2 }, () => rows, count)
    expect(count).toHaveBeenCalledOnce()
    resolveRows([1, 2, 3])
    expect(await result).toEqual({ rows: [1, 2, 3], total: { total: 1234, totalCapped: true } })
  })

  it('gives the number of rows when the first page is not full', async () => {
    expect(await pageWithTotal({ limit: 20 }, async () => [1, 2], countAll())).toEqual({
      rows: [1, 2],
      total: { total: 2, totalCapped: false },
    })
  })

  it('never counts on a next page', async () => {
    const count = countAll()
    expect(await pageWithTotal({ limit: 2, cursor: 'x' }, async () => [1, 2, 3], count)).toEqual({
      rows: [1, 2, 3],
      total: { total: null, totalCapped: false },
    })
    expect(count).not.toHaveBeenCalled()
  })

  it('fails when either query fails', async () => {
    await expect(
      pageWithTotal(
        { limit: 2 },
        async () => [1, 2, 3],
        async () => Promise.reject(new Error('count failed')),
      ),
    ).rejects.toThrow('count failed')
  })
})

describe('totalOfRows', () => {
  const rows = (n: number, listTotal: number | null) => Array.from({ length: n }, () => ({ listTotal }))

  it("gives the rows' figure on a full page, the number of rows otherwise", () => {
    expect(totalOfRows({ limit: 2 }, rows(3, 5000), false)).toEqual({ total: 5000, totalCapped: false })
    expect(totalOfRows({ limit: 2 }, rows(2, 5000), false)).toEqual({ total: 2, totalCapped: false })
    expect(totalOfRows({ limit: 2 }, [], true)).toEqual({ total: 0, totalCapped: false })
  })

  it('gives a filtered count past the cap as at least the cap', () => {
    expect(totalOfRows({ limit: 2 }, rows(3, TOTAL_CAP + 1), true)).toEqual({ total: TOTAL_CAP, totalCapped: true })
    expect(totalOfRows({ limit: 2 }, rows(3, TOTAL_CAP), true)).toEqual({ total: TOTAL_CAP, totalCapped: false })
    expect(totalOfRows({ limit: 2 }, rows(3, 5000), false)).toEqual({ total: 5000, totalCapped: false })
  })

  it('gives none on a next page', () => {
    expect(totalOfRows({ limit: 2, cursor: 'x' }, rows(3, null), true)).toEqual({ total: null, totalCapped: false })
  })
})
