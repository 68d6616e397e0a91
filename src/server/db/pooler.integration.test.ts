import { eq, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { createApiHarness } from '@/test/api'
import { createTestDatabase, type TestDatabase } from '@/test/database'
import { PGBOUNCER, type PgBouncer, startPgBouncer } from '@/test/pgbouncer'

import { readSession } from '../fast-paths/session-read.server'
import { databaseReadiness } from '../process/health.server'
import { type JobDefinition, startQueue } from '../queue/queue.server'
import { type Database, openDatabase } from './client.server'
import { prepareDatabase } from './index.server'
import { user } from './schema'

/**
 * The app behind a transaction pooler, as managed PostgreSQL services put one
 * in front (docs/deploy/past-one-machine.md): Debian's PgBouncer in
 * `pool_mode = transaction` between two instances and the test PostgreSQL,
 * DATABASE_URL through it and DATABASE_DIRECT_URL beside it.
 */
const postgres = inject('postgres')
if (postgres && !PGBOUNCER) console.warn('pooler tests skipped: pgbouncer is not installed (apt-get install pgbouncer)')

async function rows<T>(db: Database, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

describe.runIf(postgres && PGBOUNCER)('behind a transaction pooler (PgBouncer)', () => {
  let direct: TestDatabase
  let bouncer: PgBouncer
  const opened: TestDatabase[] = []

  /** An instance of the app: its pool through the pooler, its session-level work on the direct URL. */
  async function instance(options: { direct?: boolean } = { direct: true }): Promise<TestDatabase> {
    const url = bouncer.through(direct.url)
    const handle = await openDatabase(url, { directUrl: options.direct ? direct.url : undefined })
    const database = { ...handle, url }
    opened.push(database)
    return database
  }

  beforeAll(async () => {
    direct = await createTestDatabase()
    bouncer = await startPgBouncer(direct.url, { poolSize: 3 })
  })
  afterAll(async () => {
    for (const database of opened) await database.close()
    await bouncer?.stop()
  })

  it('answers list reads, searches, next pages and a new book', async () => {
    const api = await createApiHarness({ database: await instance() })
    const client = await api.client('user')
    const first = await client.book.list({ limit: 5 })
    const reads = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        i % 3 === 0
          ? client.book.list({ limit: 5, cursor: first.nextCursor! })
          : i % 3 === 1
            ? client.book.list({ limit: 5, searchTerm: `the ${i}` })
            : client.book.list({ limit: 10 + i }),
      ),
    )
    expect(reads.filter((read) => read.status === 'rejected').map((read) => String(read.reason))).toEqual([])
    const created = await (await api.client('admin')).book.create({ title: 'Through the pooler', author: 'Ann Pool' })
    expect((await client.book.get({ id: created.id })).title).toBe('Through the pooler')
  })

  it('refuses a banned person at once on the instance that banned them, within 2 s on another', async () => {
    const a = await createApiHarness({ database: await instance() })
    const b = await createApiHarness({ database: await instance() })
    const onA = async () => (await a.client('user')).book.list({ limit: 5 })
    const onB = async () => (await b.client('user')).book.list({ limit: 5 })
    // Read twice on each: the second read comes from the kept session.
    for (const read of [onA, onA, onB, onB]) await read()
    const [target] = await rows<{ id: string }>(a.db, sql`select id from "user" where email = 'user@user.com'`)
    expect((await a.authPost('admin', '/admin/ban-user', { userId: target!.id })).status).toBe(200)
    try {
      await expect(onA()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
      await vi.waitFor(() => expect(onB()).rejects.toMatchObject({ code: 'UNAUTHORIZED' }), {
        timeout: 2000,
        interval: 20,
      })
    } finally {
      expect((await a.authPost('admin', '/admin/unban-user', { userId: target!.id })).status).toBe(200)
    }
  })

  it("reads a person's own writes at once: a kept read is not trusted past a write of the process", async () => {
    const api = await createApiHarness({ database: await instance() })
    const cookie = (await api.cookie('user'))!
    const role = async () => (await readSession(api.auth, api.db, new Headers({ cookie })))?.user.role
    const [target] = await rows<{ id: string }>(api.db, sql`select id from "user" where email = 'user@user.com'`)
    for (const next of ['admin', 'user', 'admin', 'user', 'admin', 'user', 'admin', 'user']) {
      await role() // kept
      await api.db.update(user).set({ role: next }).where(eq(user.id, target!.id))
      expect(await role()).toBe(next)
    }
  })

  it('runs the job queue: a job sent on one instance runs on another', async () => {
    const [a, b] = [await instance(), await instance()]
    const runs: string[] = []
    const definition: JobDefinition<{ tag: string }> = {
      name: 'pooler-test',
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      run: async (_db, { tag }) => void runs.push(tag),
    }
    const sender = await startQueue(a, [definition], { work: false })
    const worker = await startQueue(b, [definition])
    try {
      await sender.send('pooler-test', { tag: 'through the pooler' })
      await vi.waitFor(() => expect(runs).toEqual(['through the pooler']), { timeout: 10_000, interval: 100 })
    } finally {
      await Promise.all([sender.stop(1000), worker.stop(1000)])
    }
  })

  it('migrates and seeds under a lock that is released, however often it runs', async () => {
    const database = await instance()
    await Promise.all([prepareDatabase(database), prepareDatabase(database), prepareDatabase(database)])
    const locks = await rows<{ n: number }>(
      direct.db,
      sql`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
          where l.locktype = 'advisory' and d.datname = current_database()`,
    )
    expect(locks[0]!.n).toBe(0)
  })

  it('keeps nothing, and readiness says so, when the change notices cannot be heard (no direct URL)', async () => {
    const database = await instance({ direct: false })
    expect(await databaseReadiness(database.db)).toEqual({ status: 'ready', changeNotices: 'not heard' })
    const api = await createApiHarness({ database })
    const cookie = (await api.cookie('user'))!
    const role = async () => (await readSession(api.auth, api.db, new Headers({ cookie })))?.user.role
    expect(await role()).toBe('user')
    // A write this instance does not make, and would have to hear of: the very next read sees it.
    await direct.db.update(user).set({ role: 'admin' }).where(eq(user.email, 'user@user.com'))
    expect(await role()).toBe('admin')
    await direct.db.update(user).set({ role: 'user' }).where(eq(user.email, 'user@user.com'))
  })

  it('refuses to migrate through the pooler, and says which variable to set', async () => {
    const database = await instance({ direct: false })
    await expect(prepareDatabase(database)).rejects.toThrow(/set DATABASE_DIRECT_URL/)
  })

  it('is ready, hearing its notices, with a direct URL', async () => {
    expect(await databaseReadiness((await instance()).db)).toEqual({ status: 'ready' })
  })
})
