import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { authDoor } from '@/server/pipeline/doors.server'
import { createApiHarness } from '@/test/api'
import { readCode, TEST_BASE_URL } from '@/test/auth-requests'
import { POSTGRES_BIN, type Replicated, startReplicated } from '@/test/replica'

import { type Database, type DatabaseHandle, openDatabase } from './client.server'
import { prepareDatabase } from './index.server'
import { laggingReader, rememberWrite, replicasOfDatabase, WRITTEN_COOKIE } from './replicas.server'
import { genre } from './schema'

/**
 * Reads on a real streaming replica (pg_basebackup -R of a primary of the
 * test's own), replay paused and resumed with pg_wal_replay_pause():
 * docs/deploy/past-one-machine.md#replicas.
 */
const postgres = inject('postgres')
if (postgres && !POSTGRES_BIN) console.warn('replica tests skipped: PostgreSQL server programs are not installed')

const MAX_LAG_MS = 1500

async function onReplica(db: Database) {
  const { rows } = (await db.execute(sql`select pg_is_in_recovery() as replica`)) as unknown as {
    rows: { replica: boolean }[]
  }
  return rows[0]!.replica
}

async function hasGenre(db: Database, name: string) {
  return (await db.select().from(genre).where(eq(genre.name, name))).length > 0
}

describe('reads on a replica', () => {
  it('are refused with the embedded database', async () => {
    await expect(openDatabase('memory://', { replicaUrls: ['postgres://u@replica/db'] })).rejects.toThrow(
      /DATABASE_REPLICA_URLS needs DATABASE_URL to be a PostgreSQL server/,
    )
  })
})

describe.runIf(postgres && POSTGRES_BIN)('reads on a streaming replica', () => {
  let cluster: Replicated
  let handle: DatabaseHandle
  let replicaAdmin: pg.Client
  const replayOn = (on: boolean) =>
    replicaAdmin.query(on ? 'select pg_wal_replay_resume()' : 'select pg_wal_replay_pause()')
  const poll = () => replicasOfDatabase(handle.db)!.poll()

  beforeAll(async () => {
    cluster = await startReplicated()
    const seeding = await openDatabase(cluster.primaryUrl)
    await prepareDatabase(seeding, { demo: true })
    await seeding.close()
    handle = await openDatabase(cluster.primaryUrl, { replicaUrls: [cluster.replicaUrl], replicaMaxLagMs: MAX_LAG_MS })
    replicaAdmin = new pg.Client({ connectionString: cluster.replicaUrl })
    await replicaAdmin.connect()
  }, 120_000)
  afterAll(async () => {
    await replicaAdmin?.end().catch(() => {})
    await handle?.close()
    cluster?.stop()
  })

  it('sends a read that tolerates lag to the replica, which has the data', async () => {
    await vi.waitFor(async () => {
      await poll()
      expect(await onReplica(laggingReader(handle.db))).toBe(true)
    })
    expect(await hasGenre(laggingReader(handle.db), 'Fantasy')).toBe(true)
  })

  it('reads a write back at once for its writer (primary), while others may read the replica within the bound', async () => {
    await replayOn(false)
    try {
      await handle.db.insert(genre).values({ id: crypto.randomUUID(), name: 'Written while paused', color: '#123456' })
      await rememberWrite(handle.db, 'the writer', false)
      await poll()
      const writer = laggingReader(handle.db, 'the writer')
      expect(await onReplica(writer)).toBe(false)
      expect(await hasGenre(writer, 'Written while paused')).toBe(true)
      // Someone else: the replica, a little behind (it has not replayed the write yet).
      const other = laggingReader(handle.db)
      expect(await onReplica(other)).toBe(true)
      expect(await hasGenre(other, 'Written while paused')).toBe(false)

      // Past the bound, the replica is skipped for everyone.
      await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS + 300))
      await poll()
      expect(await onReplica(laggingReader(handle.db))).toBe(false)
    } finally {
      await replayOn(true)
    }
    // Replay resumed: the replica has the write, and serves its writer too.
    await vi.waitFor(async () => {
      await poll()
      expect(await onReplica(laggingReader(handle.db))).toBe(true)
    })
    await vi.waitFor(async () => {
      await poll()
      const writer = laggingReader(handle.db, 'the writer')
      expect(await onReplica(writer)).toBe(true)
      expect(await hasGenre(writer, 'Written while paused')).toBe(true)
    })
  })

  it("lets a person find the book they just created in the catalogue's search, while another may not yet", async () => {
    const api = await createApiHarness({ database: { ...handle, url: cluster.primaryUrl } })
    const [admin, reader] = [await api.client('admin'), await api.client('user')]
    await vi.waitFor(async () => {
      await poll()
      expect(await onReplica(laggingReader(handle.db))).toBe(true)
    })
    await replayOn(false)
    try {
      await admin.book.create({ title: 'Replayed later', author: 'Ann Replica' })
      await poll()
      const search = { limit: 5, searchTerm: 'Replayed later' }
      expect((await admin.book.list(search)).items.map((item) => item.title)).toEqual(['Replayed later'])
      expect((await reader.book.list(search)).items).toEqual([])
    } finally {
      await replayOn(true)
    }
  })

  it('serves the user list and its count, the genre list and the dashboard from the replica, but the writer from the primary', async () => {
    const api = await createApiHarness({ database: { ...handle, url: cluster.primaryUrl } })
    const admin = await api.client('admin')
    const otherEmail = `other-admin-${crypto.randomUUID()}@example.com`
    await admin.user.create({ name: 'Other Admin', email: otherEmail, role: 'admin' })
    const other = await api.client({ email: otherEmail })
    // Replayed up to here, then paused: what follows is on the primary only.
    await vi.waitFor(async () => {
      await poll()
      expect(await onReplica(laggingReader(handle.db))).toBe(true)
      expect((await other.user.list({ limit: 5, searchTerm: otherEmail })).total).toBe(1)
    })
    await replayOn(false)
    try {
      const genreName = `Genre ${crypto.randomUUID()}`
      await handle.db.insert(genre).values({ id: crypto.randomUUID(), name: genreName, color: '#654321' })
      const email = `paused-${crypto.randomUUID()}@example.com`
      await admin.user.create({ name: 'Paused Person', email, role: 'user' })
      await poll()

      const users = { limit: 5, searchTerm: email }
      expect(await admin.user.list(users)).toMatchObject({ items: [{ email }], total: 1 })
      expect(await other.user.list(users)).toMatchObject({ items: [], total: 0 })
      const genres = { limit: 5, searchTerm: genreName }
      expect(await admin.genre.list(genres)).toMatchObject({ items: [{ name: genreName }], total: 1 })
      expect(await other.genre.list(genres)).toMatchObject({ items: [], total: 0 })
      const [mine, theirs] = [await admin.dashboard.summary(), await other.dashboard.summary()]
      expect(mine.users.value).toBe(theirs.users.value + 1)
      expect(mine.genres.value).toBe(theirs.genres.value + 1)
      expect(mine.newUsersThisWeek.value).toBe(theirs.newUsersThisWeek.value + 1)
    } finally {
      await replayOn(true)
    }
  })

  it('sets the read-your-writes cookie after a signed-in write through /api/auth, and none after a sign-in', async () => {
    const api = await createApiHarness({ database: { ...handle, url: cluster.primaryUrl } })
    const post = (path: string, body: unknown, cookie?: string) =>
      authDoor(api.auth)(
        new Request(`${TEST_BASE_URL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        }),
      )
    const written = (response: Response) =>
      response.headers.getSetCookie().some((header) => header.startsWith(`${WRITTEN_COOKIE}=`))
    const email = 'user@user.com'
    expect((await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).ok).toBe(true)
    const signedIn = await post('/sign-in/email-otp', { email, otp: readCode(email) })
    // A session is no row of a list its person reads: their reads stay on the replica.
    expect(signedIn.ok && !written(signedIn)).toBe(true)
    // A name is a row of the user list: read back at once.
    const renamed = await post('/update-user', { name: 'Renamed Through Auth' }, await api.cookie('admin'))
    expect(renamed.ok && written(renamed)).toBe(true)
  })

  it("reads a person's write back on another instance through the cookie its answer sets, while that instance's other reads use the replica", async () => {
    const second = await openDatabase(cluster.primaryUrl, {
      replicaUrls: [cluster.replicaUrl],
      replicaMaxLagMs: MAX_LAG_MS,
    })
    try {
      const one = await createApiHarness({ database: { ...handle, url: cluster.primaryUrl } })
      const two = await createApiHarness({ database: { ...second, url: cluster.primaryUrl } })
      await two.cookie('admin')
      const pollBoth = () => Promise.all([poll(), replicasOfDatabase(second.db)!.poll()])
      await vi.waitFor(async () => {
        await pollBoth()
        expect(await onReplica(laggingReader(second.db))).toBe(true)
      })
      await replayOn(false)
      try {
        const email = `across-${crypto.randomUUID()}@example.com`
        const created = await one.rpc('admin', '/user/create', { name: 'Across Instances', email, role: 'user' })
        expect(created.ok).toBe(true)
        const written = created.headers
          .getSetCookie()
          .map((header) => header.split(';')[0]!)
          .find((pair) => pair.startsWith(`${WRITTEN_COOKIE}=`))
        expect(written).toBeDefined()
        await pollBoth()
        const totalOnTwo = async (cookies?: string) => {
          const answer = await two.rpc('admin', '/user/list', { limit: 5, searchTerm: email }, cookies)
          return ((await answer.json()) as { json: { total: number } }).json.total
        }
        expect(await totalOnTwo(written)).toBe(1)
        // Without the cookie (another person, or after it expired), instance two reads the replica.
        expect(await totalOnTwo()).toBe(0)
      } finally {
        await replayOn(true)
      }
    } finally {
      await second.close()
    }
  })

  it('skips a replica that does not answer', async () => {
    await replicaAdmin.end()
    cluster.stopReplica()
    await poll()
    const reader = laggingReader(handle.db)
    expect(await onReplica(reader)).toBe(false)
    expect(await hasGenre(reader, 'Fantasy')).toBe(true)
  })
})
