import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { count, type SQL, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { resetEnvForTests } from '@/lib/env.server'
import { withClient } from '@/test/context'
import { createTestDatabase, sqlState, type TestDatabase, UNIQUE_VIOLATION } from '@/test/database'

import { changeNoticesOf } from './change-notices.server'
import { type Database, type DatabaseHandle, openDatabase, ping } from './client.server'
import { prepareDatabase } from './index.server'
import { migrate } from './migrate.server'
import { book, genre, user } from './schema'
import { seed, SEED_GENRES, seedData, SEEDED_ACCOUNTS } from './seed.server'

const onPostgres = inject('postgres') !== undefined

async function counts(db: Database) {
  const [[users], [genres], [books]] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(genre),
    db.select({ n: count() }).from(book),
  ])
  return { users: users!.n, genres: genres!.n, books: books!.n }
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
async function rows<T>(db: Database, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

async function appliedMigrations(db: Database) {
  return (await rows<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations`)).length
}

const journal = JSON.parse(fs.readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8')) as {
  entries: unknown[]
}

describe('migrations and seed on a blank database', () => {
  let handle: TestDatabase
  beforeAll(async () => {
    handle = await createTestDatabase({ seeded: false })
  })

  it('applies every migration once, and applying them again changes nothing', async () => {
    await migrate(handle.db)
    expect(await appliedMigrations(handle.db)).toBe(journal.entries.length)
    await migrate(handle.db)
    expect(await appliedMigrations(handle.db)).toBe(journal.entries.length)
    await ping(handle.db)
  })

  it('seeds the accounts, 10 genres, 120 books and 100 users, and a second seed adds nothing', async () => {
    await seed(handle.db, { demo: true })
    const first = await counts(handle.db)
    const { users, books } = seedData()
    expect(first).toEqual({
      users: users.length + SEEDED_ACCOUNTS.length,
      genres: SEED_GENRES.length,
      books: books.length,
    })
    expect(first.users).toBeGreaterThanOrEqual(100)
    expect(first.books).toBeGreaterThanOrEqual(100)
    expect(first.genres).toBe(10)

    await seed(handle.db, { demo: true })
    expect(await counts(handle.db)).toEqual(first)
  })

  it('seeds admin@admin.com as admin and user@user.com as user, both onboarded and verified', async () => {
    const rows = await handle.db
      .select({ email: user.email, role: user.role, onboardedAt: user.onboardedAt, emailVerified: user.emailVerified })
      .from(user)
      .where(sql`${user.email} in ('admin@admin.com', 'user@user.com')`)
      .orderBy(user.email)
    expect(rows).toEqual([
      { email: 'admin@admin.com', role: 'admin', onboardedAt: expect.any(Date), emailVerified: true },
      { email: 'user@user.com', role: 'user', onboardedAt: expect.any(Date), emailVerified: true },
    ])
  })

  it('gives every seeded book a genre', async () => {
    const [row] = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from ${book} where ${book.genreId} is null`,
    )
    expect(row!.n).toBe(0)
  })
})

describe('unique constraints', () => {
  let handle: TestDatabase
  beforeAll(async () => {
    handle = await createTestDatabase()
  })

  async function violation(query: PromiseLike<unknown>) {
    try {
      await query
    } catch (error) {
      return sqlState(error)
    }
    return 'no error'
  }

  it('rejects a second user with the same e-mail', async () => {
    const state = await violation(
      handle.db.insert(user).values({ id: 'dup-user', email: 'admin@admin.com', name: 'Copy' }),
    )
    expect(state).toBe(UNIQUE_VIOLATION)
  })

  it('rejects a second genre with the same name', async () => {
    const state = await violation(
      handle.db.insert(genre).values({ id: 'dup-genre', name: 'Fantasy', color: '#000000' }),
    )
    expect(state).toBe(UNIQUE_VIOLATION)
  })

  it('rejects a second book with the same title and author, but not the same title by another author', async () => {
    const [existing] = await handle.db.select({ title: book.title, author: book.author }).from(book).limit(1)
    const state = await violation(
      handle.db.insert(book).values({ id: 'dup-book', title: existing!.title, author: existing!.author }),
    )
    expect(state).toBe(UNIQUE_VIOLATION)

    await handle.db.insert(book).values({ id: 'other-author', title: existing!.title, author: 'Someone Else' })
    const sameTitle = await handle.db
      .select({ id: book.id })
      .from(book)
      .where(sql`${book.title} = ${existing!.title}`)
    expect(sameTitle.length).toBe(2)
  })

  it('keeps an existing database as it is when prepared again (no second seed)', async () => {
    const before = await counts(handle.db)
    await handle.db.delete(book).where(sql`${book.id} = 'other-author'`)
    await handle.db.delete(genre).where(sql`${genre.name} = 'Poetry'`)
    await prepareDatabase(handle)
    const after = await counts(handle.db)
    expect(after).toEqual({ ...before, books: before.books - 1, genres: before.genres - 1 })
  })
})

describe('a production start on an empty database', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
    resetEnvForTests()
  })

  function production(extra: Record<string, string> = {}) {
    delete process.env.SEED_DEMO_DATA
    delete process.env.DEMO_MODE
    Object.assign(process.env, {
      NODE_ENV: 'production',
      EMAIL_SERVER: 'smtp://127.0.0.1:25',
      AUTH_SECRET: 'a'.repeat(32),
      ...extra,
    })
    resetEnvForTests()
  }

  it('seeds the genres only: no known account, no demo users or books', async () => {
    const blank = await createTestDatabase({ seeded: false })
    production()
    await prepareDatabase(blank)
    expect(await counts(blank.db)).toEqual({ users: 0, genres: SEED_GENRES.length, books: 0 })
    // Started again before anyone signed in: nothing more, nothing twice.
    await prepareDatabase(blank)
    expect(await counts(blank.db)).toEqual({ users: 0, genres: SEED_GENRES.length, books: 0 })
  })

  it('seeds the demo data when asked (SEED_DEMO_DATA=true) and in demo mode', async () => {
    const cases: Record<string, string>[] = [
      { SEED_DEMO_DATA: 'true' },
      { DEMO_MODE: 'true', DEMO_CONTACT_EMAIL: 'demo@books.example' },
    ]
    for (const extra of cases) {
      const blank = await createTestDatabase({ seeded: false })
      production(extra)
      await prepareDatabase(blank)
      const [admin] = await blank.db
        .select({ role: user.role })
        .from(user)
        .where(sql`${user.email} = 'admin@admin.com'`)
      expect(admin?.role).toBe('admin')
    }
  })
})

describe.runIf(onPostgres)('several processes starting on one PostgreSQL', () => {
  it('migrate and seed one after the other under the advisory lock', async () => {
    const blank = await createTestDatabase({ seeded: false })
    const others = await Promise.all([openDatabase(blank.url), openDatabase(blank.url)])
    try {
      await Promise.all([blank, ...others].map((handle) => prepareDatabase(handle)))
    } finally {
      await Promise.all(others.map((handle) => handle.close()))
    }
    expect(await appliedMigrations(blank.db)).toBe(journal.entries.length)
    const { users, books } = seedData()
    expect(await counts(blank.db)).toEqual({
      users: users.length + SEEDED_ACCOUNTS.length,
      genres: SEED_GENRES.length,
      books: books.length,
    })
  })

  it('exclusive() never lets two holders run at once', async () => {
    const first = await createTestDatabase({ seeded: false })
    const second = await openDatabase(first.url)
    try {
      const events: string[] = []
      const hold = (handle: DatabaseHandle, name: string) =>
        handle.exclusive(async (db) => {
          events.push(`${name}:start`)
          await db.execute(sql`select pg_sleep(0.2)`)
          events.push(`${name}:end`)
        })
      await Promise.all([hold(first, 'a'), hold(second, 'b')])
      expect(events).toHaveLength(4)
      expect(events[0]!.split(':')[0]).toBe(events[1]!.split(':')[0])
      expect(events[2]!.split(':')[0]).toBe(events[3]!.split(':')[0])
    } finally {
      await second.close()
    }
  })
})

describe.runIf(onPostgres)('change notices on PostgreSQL', () => {
  it("hears another session's write once, however many pool connections listen for their own", async () => {
    const handle = await createTestDatabase()
    const notices = changeNoticesOf(handle.db)!
    expect(await notices.heard()).toBe(true)
    // Several pool connections open at once: each listens, to hear its own writes before they resolve.
    await Promise.all(Array.from({ length: 6 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)))
    const before = notices.version()!
    const [{ id }] = (await rows<{ id: string }>(handle.db, sql`select id from genre limit 1`)) as [{ id: string }]
    await withClient(handle.url, (client) => client.query(`update genre set color = color where id = $1`, [id]))
    await vi.waitFor(() => expect(notices.version()).toBeGreaterThan(before))
    // Time for the same notice to arrive on every pool connection too.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(notices.version()! - before).toBe(1)
    expect(notices.changesSince(before)).toEqual([`genre:${id}`])
  })
})

// The folder lock belongs to the embedded PGlite, whatever the project's
// database: it runs once, in the `pglite` project.
describe.runIf(!onPostgres)('the PGlite folder lock', () => {
  let root: string
  const children: ChildProcess[] = []

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-lock-'))
  })
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill()
        await once(child, 'exit')
      }
    }
  })
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  function otherProcess() {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' })
    children.push(child)
    if (!child.pid) throw new Error('could not start a child process')
    return child
  }

  it('creates missing parent folders, writes its pid, and close() releases the lock', async () => {
    const dir = path.join(root, 'nested', 'a', 'db')
    const handle = await openDatabase(`file://${dir}`)
    try {
      expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid))
      await ping(handle.db)
    } finally {
      await handle.close()
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false)

    // Released: the folder opens again, with its data.
    const again = await openDatabase(`file://${dir}`)
    await again.close()
    expect(fs.existsSync(`${dir}.lock`)).toBe(false)
  })

  it('refuses a folder locked by another live process, with a clear message', async () => {
    const dir = path.join(root, 'busy')
    fs.mkdirSync(root, { recursive: true })
    const child = otherProcess()
    fs.writeFileSync(`${dir}.lock`, String(child.pid))

    await expect(openDatabase(`file://${dir}`)).rejects.toThrow(/in use by another process \(pid \d+\)/)
    // The other process's lock is left alone.
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(child.pid))
  })

  it("refuses a folder locked by another user's live process (pid 1)", async () => {
    const dir = path.join(root, 'init')
    fs.mkdirSync(root, { recursive: true })
    fs.writeFileSync(`${dir}.lock`, '1')
    await expect(openDatabase(`file://${dir}`)).rejects.toThrow(/in use by another process \(pid 1\)/)
  })

  it('takes over the lock of a process that is gone', async () => {
    const dir = path.join(root, 'stale')
    const child = otherProcess()
    const deadPid = child.pid!
    child.kill()
    await once(child, 'exit')
    fs.writeFileSync(`${dir}.lock`, String(deadPid))

    const handle = await openDatabase(`file://${dir}`)
    try {
      expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid))
    } finally {
      await handle.close()
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false)
  })

  it('releases the lock when PGlite fails to open the folder', async () => {
    const dir = path.join(root, 'broken')
    fs.mkdirSync(dir, { recursive: true })
    // Not a PostgreSQL data folder: PGlite refuses it.
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), 'not a version\n')
    await expect(openDatabase(`file://${dir}`)).rejects.toThrow()
    expect(fs.existsSync(`${dir}.lock`)).toBe(false)
  })
})
