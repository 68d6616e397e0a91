import { describe, expect, it, vi } from 'vitest'

import { pageWithTotal, totalOfTable } from './totals.server'

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

describe('totalOfTable', () => {
  it("gives the rows' counter on a full page, the number of rows otherwise", () => {
    const rows = (n: number, tableRows: number | null) => Array.from({ length: n }, () => ({ tableRows }))
    expect(totalOfTable({ limit: 2 }, rows(3, 5000))).toEqual({ total: 5000, totalCapped: false })
    expect(totalOfTable({ limit: 2 }, rows(2, 5000))).toEqual({ total: 2, totalCapped: false })
    expect(totalOfTable({ limit: 2 }, [])).toEqual({ total: 0, totalCapped: false })
  })

  it('gives none on a next page', () => {
    expect(totalOfTable({ limit: 2, cursor: 'x' }, [{ tableRows: 5000 }])).toEqual({ total: null, totalCapped: false })
  })
})
