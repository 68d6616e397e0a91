import { describe, expect, it } from 'vitest'

import { seqScannedBookRows } from './plans'

describe('seqScannedBookRows', () => {
  it('counts the rows a sequential scan of book read: kept and removed by its filter, every loop', () => {
    const plan = `Limit  (cost=0.00..166.28 rows=201 width=66) (actual time=0.016..0.873 rows=201 loops=1)
  ->  Seq Scan on book book_8  (cost=0.00..41782.00 rows=50505 width=66) (actual time=0.016..0.859 rows=201 loops=2)
        Filter: (search ~~ '%winter%'::text)
        Rows Removed by Filter: 4250
        Buffers: shared read=130
  ->  Seq Scan on book  (cost=0.00..41782.00 rows=50505 width=32) (actual time=0.008..4.158 rows=1001 loops=1)
  ->  Seq Scan on book book_9  (cost=0.00..44282.00 rows=5067 width=52) (never executed)
        Filter: (genre_id = 'x'::text)
  ->  Seq Scan on genre  (cost=0.00..1.10 rows=10 width=53) (actual time=0.003..0.004 rows=10 loops=1)
  ->  Seq Scan on bookmark  (cost=0.00..1.10 rows=10 width=53) (actual time=0.003..0.004 rows=99 loops=1)`
    expect(seqScannedBookRows(plan)).toBe((201 + 4250) * 2 + 1001)
    expect(seqScannedBookRows('Index Only Scan using book_pkey on book (actual time=0.1..0.2 rows=20 loops=1)')).toBe(0)
  })
})
