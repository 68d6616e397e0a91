import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { requestLog } from '@/server/http/request-log.server'
import { createTestDatabase, type TestDatabase } from '@/test/database'

/** Server-Timing on every answer, from the queries the request ran (PGlite, and PostgreSQL with TEST_DATABASE_URL). */
let handle: TestDatabase
beforeAll(async () => {
  handle = await createTestDatabase({ seeded: false })
})

const timing = (response: Response) => {
  const header = response.headers.get('server-timing') ?? ''
  const db = /db;dur=([\d.]+);desc="(\d+) queries"/.exec(header)
  const app = /app;dur=([\d.]+)/.exec(header)
  return { db: Number(db?.[1]), queries: Number(db?.[2]), app: Number(app?.[1]) }
}

describe('Server-Timing', () => {
  it("gives the time of the request's own queries, in and out of a transaction, and its whole time", async () => {
    const response = await requestLog()(new Request('http://app.test/api/rpc/book/list'), async () => {
      await handle.db.execute(sql`select pg_sleep(0.03)`)
      await handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.02)`))
      return new Response('ok')
    })
    const { db, queries, app } = timing(response)
    // Its own statements only: on PostgreSQL also the transaction's begin and commit, never the
    // `listen` of the pool connection it opened (inside the query that waited for it, timed already).
    expect(queries).toBe(handle.driver === 'postgres' ? 4 : 2)
    expect(db).toBeGreaterThanOrEqual(50)
    expect(app).toBeGreaterThanOrEqual(db)
  })

  it("does not count another request's queries", async () => {
    const slow = handle.db.execute(sql`select pg_sleep(0.05)`)
    const response = await requestLog()(new Request('http://app.test/about'), async () => new Response('ok'))
    await slow
    expect(timing(response)).toMatchObject({ db: 0, queries: 0 })
  })
})
