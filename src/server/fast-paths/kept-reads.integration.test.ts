import { createRouterClient } from '@orpc/server'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import {
  sessionByToken,
  sessionCookieRules,
  type SessionRow,
  verifiedCookieValue,
} from '@/server/auth/internals.server'
import type { Database } from '@/server/db/client.server'
import * as schema from '@/server/db/schema'
import { parseCookies } from '@/server/http/cookies.server'
import { tallies } from '@/server/platform/tallies.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { type SeededChoices, seededChoices } from '@/test/seeded-random'

import { KEPT_READS, keptReads } from './kept-reads.server'
import { readSession, sessionDependsOn } from './session-read.server'

// The property of forgetting by key (decision 043), on PGlite and PostgreSQL:
// on random interleavings of writes (in SQL and through the app) and reads,
// every kept read answers what a fresh read answers at that point, as under
// the rule it replaces ("forget everything at any notice"). A variant whose
// declared dependencies are wrong (the session read not depending on its
// user) must be caught by the same check.

let api: ApiHarness
/** The same database, with no change notices heard: every kept read reads it afresh. */
let fresh: Database

const PEOPLE = 4

beforeAll(async () => {
  api = await createApiHarness()
  const client = (api.db as unknown as { $client: unknown }).$client
  const { drizzle } = await (api.handle.driver === 'pglite'
    ? import('drizzle-orm/pglite')
    : import('drizzle-orm/node-postgres'))
  fresh = (drizzle as (config: object) => unknown)({ client, schema, casing: 'snake_case' }) as Database
})

afterAll(() => {
  KEPT_READS.delete(WRONG)
  KEPT_READS.delete(WRONG_PAGE)
})

const emailOf = (person: number) => `kept-property-${person}@example.com`

/** JSON with dates as text: what a client would be answered. */
const answer = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown

/** A kept read checked against a fresh one: the answers through the kept read and afresh, for one random input. */
interface Subject {
  name: string
  read(db: Database, choices: SeededChoices): Promise<{ input: string; answer: (db: Database) => Promise<unknown> }>
}

async function headersOf(person: number) {
  return new Headers({ cookie: (await api.cookie({ email: emailOf(person) }))! })
}

/** The app's session read, as every API call reads it. */
const sessionRead: Subject = {
  name: 'session',
  async read(_db, choices) {
    const person = choices.int(PEOPLE)
    const headers = await headersOf(person)
    return { input: `person ${person}`, answer: async (db) => answer(await readSession(api.auth, db, headers)) }
  },
}

/** The catalogue's unfiltered first page, through its procedure, as an admin. */
async function firstPageOf(db: Database) {
  const headers = new Headers({ cookie: (await api.cookie('admin'))! })
  const env = parseEnv({ NODE_ENV: 'test', BASE_URL: 'http://localhost:3000', RATE_LIMIT: 'false' })
  const client = createRouterClient(router, { context: apiContext({ headers, db, auth: api.auth, env }) })
  return client.book.list({})
}

const firstPage: Subject = {
  name: 'book first page',
  async read() {
    return { input: 'first page', answer: async (db) => answer(await firstPageOf(db)) }
  },
}

/** A session read declared wrongly: as if it did not depend on its user's row. */
const WRONG = 'session (test: not depending on its user)'
const wronglyKept = keptReads<SessionRow>({
  name: WRONG,
  reads: ['session', 'user'],
  insertsCannotChange: ['session', 'user'],
  dependsOn: (row) => sessionDependsOn(row).filter((key) => !key.startsWith('user:')),
  max: 100,
  maxAgeMs: 60_000,
})
const wrongSessionRead: Subject = {
  name: WRONG,
  async read(_db, choices) {
    const person = choices.int(PEOPLE)
    const signed = parseCookies((await headersOf(person)).get('cookie')).get(
      (await sessionCookieRules(api.auth)).sessionCookie,
    )!
    const { secret } = await sessionCookieRules(api.auth)
    const row = async (db: Database) => {
      const [found] = await sessionByToken(db).execute({ token: verifiedCookieValue(signed, secret)! })
      return found
    }
    return {
      input: `person ${person}`,
      answer: async (db) => answer(db === fresh ? await row(db) : await wronglyKept(db, signed, () => row(db))),
    }
  },
}

/** A first page declared wrongly: its own books, but not the order by title that another book enters it by. */
const WRONG_PAGE = 'book first page (test: not depending on the order)'
const wronglyKeptPage = keptReads<Awaited<ReturnType<typeof firstPageOf>>>({
  name: WRONG_PAGE,
  reads: ['book', 'genre', 'row_count'],
  insertsCannotChange: ['genre', 'row_count'],
  dependsOn: (page) => [...page.items.map((item) => `book:${item.id}`), 'genre', 'row_count:book'],
  max: 1,
  maxAgeMs: 60_000,
})
const wrongFirstPage: Subject = {
  name: WRONG_PAGE,
  async read() {
    return {
      input: 'first page',
      answer: async (db) =>
        answer(db === fresh ? await firstPageOf(fresh) : await wronglyKeptPage(db, 'page', () => firstPageOf(fresh))),
    }
  },
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`

/** One random write, in SQL or through the app; says what it did. */
async function write(choices: SeededChoices, step: number): Promise<string> {
  const person = choices.int(PEOPLE)
  const email = sqlText(emailOf(person))
  const admin = await api.client('admin')
  const exec = (text: string) => api.db.execute(sql.raw(text))
  switch (choices.int(10)) {
    case 0:
      await exec(`update "user" set name = 'Renamed ${step}' where email = ${email}`)
      return `rename person ${person} (SQL)`
    case 1: {
      const banned = choices.chance(0.5)
      await exec(`update "user" set banned = ${banned}, ban_expires = null where email = ${email}`)
      return `${banned ? 'ban' : 'unban'} person ${person} (SQL)`
    }
    case 2:
      // Unbanned too: the person signs in again at their next read.
      await exec(`delete from session where user_id = (select id from "user" where email = ${email})`)
      await exec(`update "user" set banned = false where email = ${email}`)
      api.forget({ email: emailOf(person) })
      return `revoke person ${person}'s sessions, unban (SQL)`
    case 3: {
      const created = await admin.book.create({ title: `Property ${step}`, author: `A${choices.int(3)}` })
      return `create book ${created.id} (app)`
    }
    case 4: {
      const [first] = (await admin.book.list({ limit: 3 })).items
      if (!first) return 'no book to rename'
      await admin.book.update({ id: first.id, title: `A ${step} renamed`, author: first.author })
      return `rename book ${first.id} (app)`
    }
    case 5: {
      const [first] = (await admin.book.list({ limit: 2 })).items
      if (!first) return 'no book to delete'
      await admin.book.delete({ id: first.id })
      return `delete book ${first.id} (app)`
    }
    case 6:
      await exec(`update genre set name = name || '.' where id = (select id from genre order by id limit 1)`)
      return 'rename a genre (SQL)'
    case 7:
      // The last book by title, retitled to come first: a book that was not on the first page enters it.
      await exec(
        `update book set title = 'AAA ${step}' where id = (select id from book order by title desc, id desc limit 1)`,
      )
      return 'retitle the last book to come first (SQL)'
    case 8:
      await exec(
        `update book set publisher = 'Other ${step}' where id = (select id from book order by title desc, id desc limit 1)`,
      )
      return 'edit the last book, not retitled (SQL)'
    default:
      await exec(`update "user" set name = 'Other ${step}' where email = 'user@user.com'`)
      return 'rename someone else (SQL)'
  }
}

/**
 * Runs `steps` random steps (a write one time in five, else a read of a
 * subject, twice: kept then fresh) and gives the first step where a kept read
 * answered what a fresh one did not, with what led there; undefined if none.
 */
async function counterexample(subjects: Subject[], seed: number, steps: number): Promise<string | undefined> {
  const choices = seededChoices(seed)
  const history: string[] = []
  for (let step = 0; step < steps; step++) {
    if (choices.chance(0.2)) {
      history.push(await write(choices, step))
      continue
    }
    const subject = choices.pick(subjects)
    const { input, answer: answerOf } = await subject.read(api.db, choices)
    const kept = await answerOf(api.db)
    const afresh = await answerOf(fresh)
    history.push(`read ${subject.name}: ${input}`)
    if (JSON.stringify(kept) !== JSON.stringify(afresh))
      return `seed ${seed}, step ${step}: ${subject.name} kept answered ${JSON.stringify(kept)}, afresh ${JSON.stringify(afresh)}, after:\n${history.slice(-8).join('\n')}`
  }
  return undefined
}

/** How often the two kept reads were served from memory so far (the fast-path tally). */
function keptHits() {
  const hits = [...(new Map(tallies()).get('start_books_fast_path_total')?.read() ?? [])]
  const of = (path: string) => hits.find((hit) => hit.labels.path === path && hit.labels.result === 'hit')?.value ?? 0
  return { session: of('session'), firstPage: of('book first page') }
}

describe('forgetting by key', () => {
  it('a kept read never answers what a fresh read would not, on random interleavings', async () => {
    const served = keptHits()
    for (const seed of [1, 2, 3]) expect(await counterexample([sessionRead, firstPage], seed, 150)).toBeUndefined()
    // Not vacuous: both kept reads were served from memory meanwhile.
    const after = keptHits()
    expect(after.session).toBeGreaterThan(served.session)
    expect(after.firstPage).toBeGreaterThan(served.firstPage)
  })

  it.each([wrongSessionRead, wrongFirstPage])('the check finds $name', async (subject) => {
    let found: string | undefined
    for (let seed = 1; seed <= 10 && !found; seed++) found = await counterexample([subject], seed, 150)
    expect(found).toMatch(/kept answered/)
  })
})

/** A person's name, kept: the subject of the reads in flight below. */
const SHARED = 'user name (test: reads in flight)'
const keptName = keptReads<{ id: string; name: string }>({
  name: SHARED,
  reads: ['user'],
  insertsCannotChange: ['user'],
  dependsOn: (row) => [`user:${row.id}`],
  max: 10,
  maxAgeMs: 60_000,
})

describe('a read in flight', () => {
  const email = emailOf(0)
  const nameOf = async () => {
    const [row] = await api.db
      .select({ id: schema.user.id, name: schema.user.name })
      .from(schema.user)
      .where(eq(schema.user.email, email))
    return row
  }
  const results = () =>
    new Map(
      [...(new Map(tallies()).get('start_books_fast_path_total')?.read() ?? [])]
        .filter((tally) => tally.labels.path === SHARED)
        .map((tally) => [tally.labels.result, tally.value]),
    )

  /** `lookups` lookups of one key at once, the first one's read held until `during` has run; the reads made. */
  async function atOnce(key: string, lookups: number, during: () => Promise<unknown> = async () => {}) {
    let reads = 0
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const read = async () => {
      if (reads++ === 0) await held
      return nameOf()
    }
    const answers = Array.from({ length: lookups }, () => keptName(api.db, key, read))
    await during()
    release()
    return { answers: await Promise.all(answers), reads }
  }

  beforeAll(async () => {
    await api.cookie({ email })
  })
  afterAll(() => KEPT_READS.delete(SHARED))

  it('is shared by the lookups that miss meanwhile', async () => {
    const before = results()
    const { answers, reads } = await atOnce('shared', 10)
    expect(reads).toBe(1)
    expect(new Set(answers.map((answer) => answer?.name)).size).toBe(1)
    const after = results()
    expect((after.get('joined') ?? 0) - (before.get('joined') ?? 0)).toBe(9)
    expect((after.get('miss') ?? 0) - (before.get('miss') ?? 0)).toBe(1)
  })

  it('is not shared once a change it depends on is announced: each lookup after it reads afresh', async () => {
    const { answers, reads } = await atOnce('changed', 5, () =>
      api.db.execute(sql`update "user" set name = 'Renamed in flight' where email = ${email}`),
    )
    // The first read may have seen the row before the rename; the four that waited read after it.
    expect(reads).toBe(5)
    expect(answers.slice(1).map((answer) => answer?.name)).toEqual(Array(4).fill('Renamed in flight'))
    // What they read after it is kept: the next lookup is answered the new name from memory.
    const next = await atOnce('changed', 1)
    expect(next).toEqual({ answers: [expect.objectContaining({ name: 'Renamed in flight' })], reads: 0 })
  })

  it('is shared when what is announced meanwhile is another row', async () => {
    const { reads } = await atOnce('unrelated', 5, () =>
      api.db.execute(sql`update "user" set name = 'Someone else' where email = 'user@user.com'`),
    )
    expect(reads).toBe(1)
  })

  it('that fails fails the lookups waiting for it, which do not ask the database again', async () => {
    let reads = 0
    let fail!: (error: Error) => void
    const failing = () => new Promise<undefined>((_, reject) => (fail = reject))
    const first = keptName(api.db, 'failing', () => (reads++, failing()))
    const waiting = Array.from({ length: 3 }, () => keptName(api.db, 'failing', () => (reads++, nameOf())))
    fail(new Error('the database went away'))
    await expect(first).rejects.toThrow('the database went away')
    for (const lookup of waiting) await expect(lookup).rejects.toThrow('the database went away')
    expect(reads).toBe(1)
    // The next lookup reads again, and keeps what it reads.
    expect((await atOnce('failing', 1)).reads).toBe(1)
    expect((await atOnce('failing', 1)).reads).toBe(0)
  })
})
