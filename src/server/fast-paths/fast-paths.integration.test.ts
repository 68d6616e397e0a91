import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { createRouterClient } from '@orpc/server'
import { NoopLogger, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import { CHANGE_NOTICE_CHANNEL } from '@/server/db/change-notices.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { sharedPageSite } from '@/test/page-site'

import { KEPT_READS, type KeptReadDeclaration, tableOf } from './kept-reads.server'
import { CACHEABLE_PAGES } from './page-cache.server'
import { readSession } from './session-read.server'

// What the fast paths declare they read (beside each registration), proven on
// a real database: (a) what they read is exactly what they declare, (b) each
// declared table has a trigger that announces its writes, (c) a kept value
// depends on a key of every table it reads, and a write to such a key, by
// plain SQL here or on another connection, makes the kept read read again,
// while a write to another row of that table does not. The app's own writes
// (and random interleavings of them) are proven in kept-reads.integration.test.ts,
// session-read.integration.test.ts (ban, revocation, sign-out) and in
// src/features/book/book.integration.test.ts (create, delete).

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

// Every query drizzle runs goes through its logger; no logger is configured,
// so its no-op one is the hook (the app's queries, better-auth's included).
let logged: Array<{ query: string; params: unknown[] }> | undefined
const noLog = NoopLogger.prototype.logQuery
beforeAll(() => {
  Object.assign(NoopLogger.prototype, {
    logQuery: (query: string, params: unknown[]) => void logged?.push({ query, params }),
  })
})
afterAll(() => {
  NoopLogger.prototype.logQuery = noLog
})

interface Client {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}
/** The driver's client (PGlite or pg's pool), beneath drizzle: what the test asks goes unlogged. */
const driver = () => (api.db as unknown as { $client: Client }).$client

/** The tables a statement reads or writes, as PostgreSQL plans it (subqueries and joins included). */
async function tablesOf(query: string, params: unknown[]): Promise<string[]> {
  if (!/^\s*\(?\s*(select|with|insert|update|delete)\b/i.test(query)) return []
  const { rows } = await driver().query(`explain (format json) ${query}`, params)
  const plan = rows[0]!['QUERY PLAN']
  const found: string[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') {
      const relation = (node as Record<string, unknown>)['Relation Name']
      if (typeof relation === 'string') found.push(relation)
      Object.values(node).forEach(walk)
    }
  }
  walk(typeof plan === 'string' ? JSON.parse(plan) : plan)
  return found
}

/** The tables `run` reads, from every query it sends to the database (none: it was served what was kept). */
async function tablesRead(run: () => Promise<unknown>): Promise<string[]> {
  const queries: NonNullable<typeof logged> = []
  logged = queries
  try {
    await run()
  } finally {
    logged = undefined
  }
  const tables = new Set<string>()
  for (const { query, params } of queries) for (const table of await tablesOf(query, params)) tables.add(table)
  return [...tables].sort()
}

let people = 0

/**
 * How each kept read is run as the app runs it. A new kept read must be added
 * here, or the test of its declaration fails.
 */
const KEPT_READ_RUNS: Record<string, () => Promise<() => Promise<unknown>>> = {
  // A session cookie of a person of its own (a write may delete them), read as every API call reads it.
  async session() {
    const cookie = (await api.cookie({ email: `kept-read-${++people}@example.com` }))!
    return () => readSession(api.auth, api.db, new Headers({ cookie }))
  },
  // The catalogue's first page through its procedure; the client's one session read (per request) is done first.
  async 'book first page'() {
    const admin = await api.client('admin')
    await admin.book.list({ searchTerm: 'no such book' })
    return () => admin.book.list({})
  },
  // The shared book list, whole and searched, through the request pipeline, as the pages read it.
  async 'shared page'() {
    const site = sharedPageSite(api)
    const cookie = (await api.cookie('admin'))!
    return async () => {
      await site.get('/manager/books', cookie)
      await site.get('/manager/books?searchTerm=the', cookie)
    }
  },
}

/**
 * What a request around a kept read reads besides what it depends on: a shared page's request
 * reads its person's session (a kept read of its own, declared and proven as `session`), and its
 * searches the slices of the book orders, which let a search skip rows and never change what it
 * finds (written with the books, in their transaction: decision 041).
 */
const READ_AROUND: Record<string, readonly string[]> = { 'shared page': ['session', 'user', 'book_search_slice'] }

/** Forgets every kept read: a notice that names nothing. */
const forgetAll = () => api.db.execute(sql`select pg_notify(${CHANGE_NOTICE_CHANNEL}, '')`)

/** Runs `read` until it is served kept (the first read, or the listener's start, may not keep it). */
async function keep(read: () => Promise<unknown>) {
  await vi.waitFor(
    async () => {
      await read()
      expect(await tablesRead(read)).toEqual([])
    },
    { timeout: 5000, interval: 20 },
  )
}

const declarations = () => [...KEPT_READS.values()]

describe('kept reads', () => {
  it('are all declared and run here', () => {
    // Every registration in the source has loaded (the router imports every feature).
    const registrations = sourceFiles(path.resolve(import.meta.dirname, '../..'))
      .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('kept-reads.server.ts'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bkeptReads\s*[<(]/g)])
    expect(registrations.length).toBeGreaterThan(0)
    expect(KEPT_READS.size).toBe(registrations.length)
    expect(Object.keys(KEPT_READ_RUNS).sort()).toEqual([...KEPT_READS.keys()].sort())
  })

  it.each(declarations())('$name reads exactly the tables it declares', async ({ name, reads }) => {
    const read = await KEPT_READ_RUNS[name]!()
    await forgetAll()
    const around = READ_AROUND[name] ?? []
    expect((await tablesRead(read)).filter((table) => !around.includes(table))).toEqual([...reads].sort())
  })
})

describe('cacheable pages (anonymous page cache)', () => {
  it.each(CACHEABLE_PAGES.map((page) => ({ path: page.paths[0]!, reads: page.reads })))(
    '$path reads only what it declares, in every data read of its route and the root route',
    async ({ path: pagePath, reads }) => {
      const procedures = [...routeProcedures('__root.tsx'), ...routeProcedures(routeFileOf(pagePath))]
      expect(procedures).toContainEqual(['shell', 'state'])
      const env = parseEnv({ BASE_URL: 'http://localhost:3000' })
      // An anonymous visitor: the only one the cache serves.
      const client = createRouterClient(router, {
        context: apiContext({ headers: new Headers(), db: api.db, auth: api.auth, env }),
      }) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
      for (const [namespace, procedure] of procedures) {
        const tables = await tablesRead(() => client[namespace]![procedure]!({}))
        expect(
          tables.filter((table) => !(reads as readonly string[]).includes(table)),
          `${pagePath}: ${namespace}.${procedure} reads undeclared tables`,
        ).toEqual([])
      }
    },
  )
})

const ROUTES = path.resolve(import.meta.dirname, '../../routes')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(entry.name) ? [file] : []
  })
}

/** The route file of a page's path (the router's id may end with a slash). */
function routeFileOf(pagePath: string): string {
  const file = sourceFiles(ROUTES).find((candidate) => {
    const id = /createFileRoute\('([^']+)'\)/.exec(readFileSync(candidate, 'utf8'))?.[1]
    return id === pagePath || id === `${pagePath}/`
  })
  if (!file) throw new Error(`no route file for ${pagePath}`)
  return path.relative(ROUTES, file)
}

/** The API procedures a route file calls (`api.shell.state(`, `.demo.info(`, `orpc.book.list.queryOptions`). */
function routeProcedures(file: string): Array<[string, string]> {
  const source = readFileSync(path.join(ROUTES, file), 'utf8')
  return Object.entries(router).flatMap(([namespace, procedures]) =>
    Object.keys(procedures)
      .filter((procedure) => new RegExp(`\\.${namespace}\\.${procedure}\\b`).test(source))
      .map((procedure): [string, string] => [namespace, procedure]),
  )
}

// pg_trigger's tgtype bits.
const BEFORE = 2
const INSTEAD = 64
const EVENTS = { insert: 4, delete: 8, update: 16, truncate: 32 } as const
type Event = keyof typeof EVENTS

/**
 * Which writes to each table are announced on the change channel: by a
 * trigger whose function notifies, or whose function writes a table whose
 * writes are announced (change_counter_bump, migrations 0006 and 0026).
 */
async function announcedWrites(): Promise<Map<string, Set<Event>>> {
  const { rows } = await driver().query(`
    select c.relname as "table", p.oid::text as "function", p.prosrc as "source", t.tgtype as "type"
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and t.tgenabled <> 'D' and n.nspname = current_schema()`)
  const triggers = rows as Array<{ table: string; function: string; source: string; type: number }>
  const announcing = new Set(
    triggers
      .filter((trigger) => trigger.source.includes(`pg_notify('${CHANGE_NOTICE_CHANNEL}'`))
      .map((t) => t.function),
  )
  const announced = new Map<string, Set<Event>>()
  for (let grew = true; grew;) {
    grew = false
    for (const trigger of triggers) {
      if (!announcing.has(trigger.function) || trigger.type & (BEFORE | INSTEAD)) continue
      const events = announced.get(trigger.table) ?? new Set<Event>()
      for (const event of Object.keys(EVENTS) as Event[]) if (trigger.type & EVENTS[event]) events.add(event)
      announced.set(trigger.table, events)
    }
    for (const trigger of triggers) {
      if (announcing.has(trigger.function)) continue
      const writes = trigger.source.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)
      for (const [, verb, table] of writes) {
        const event = verb!.toLowerCase().split(/\s/)[0] as Event
        if (announced.get(table!)?.has(event)) {
          announcing.add(trigger.function)
          grew = true
        }
      }
    }
  }
  return announced
}

/** The writes to a declared table that must be announced. */
const mustAnnounce = (declaration: Pick<KeptReadDeclaration, 'insertsCannotChange'>, table: string): Event[] =>
  (Object.keys(EVENTS) as Event[]).filter(
    (event) =>
      event !== 'insert' || !(declaration.insertsCannotChange as readonly string[] | undefined)?.includes(table),
  )

describe('every declared table', () => {
  const declared = () => [
    ...declarations(),
    ...CACHEABLE_PAGES.map((page) => ({ name: page.paths[0]!, reads: page.reads, insertsCannotChange: [] })),
  ]

  it('has a trigger that announces its writes', async () => {
    const announced = await announcedWrites()
    for (const declaration of declared()) {
      for (const table of declaration.reads) {
        expect([...(announced.get(table) ?? [])].sort(), `${declaration.name}: writes to ${table}`).toEqual(
          expect.arrayContaining(mustAnnounce(declaration, table)),
        )
      }
    }
  })
})

/** The column whose value a table's notices name (`change_notice_keys`' argument, migration 0027). */
async function keyColumnOf(table: string): Promise<string> {
  const { rows } = await driver().query(
    `select encode(t.tgargs, 'escape') as "args" from pg_trigger t join pg_class c on c.oid = t.tgrelid
     join pg_proc p on p.oid = t.tgfoid where c.relname = $1 and p.proname = 'change_notice_keys' limit 1`,
    [table],
  )
  const column = (rows[0]?.args as string | undefined)?.split('\\000')[0]
  if (!column) throw new Error(`no trigger names the keys of ${table}`)
  return column
}

/**
 * A write of `event` to the row of `table` whose key is `key` (any row when
 * undefined; `other`: any other row), that leaves it as it was. A delete puts
 * the row back in the same statement, so it is an insert too.
 */
async function keyWrite(table: string, event: Exclude<Event, 'truncate'>, key: string | undefined, other = false) {
  const column = `"${await keyColumnOf(table)}"`
  const quoted = key === undefined ? undefined : `'${key.replaceAll("'", "''")}'`
  const row =
    quoted === undefined
      ? `${column} = (select ${column} from "${table}" limit 1)`
      : other
        ? `${column} = (select ${column} from "${table}" where ${column}::text <> ${quoted} limit 1)`
        : `${column}::text = ${quoted}`
  return rowWrite(table, event, row)
}

/** `event` on the rows of `table` that `where` keeps, leaving them as they were. */
async function rowWrite(table: string, event: Exclude<Event, 'truncate'>, where: string) {
  const column = `"${await keyColumnOf(table)}"`
  if (event === 'update') return [`update "${table}" set ${column} = ${column} where ${where}`]
  const columns = await writableColumns(table)
  return [
    `with gone as (delete from "${table}" where ${where} returning *) insert into "${table}" (${columns}) select ${columns} from gone`,
  ]
}

/**
 * Writes that move `table`'s order by `column` through a row none of `rows`
 * (keys): an update changes that column and puts it back; a delete puts the
 * row back (an insert too).
 */
async function orderWrite(table: string, event: Exclude<Event, 'truncate'>, column: string, rows: string[]) {
  const key = `"${await keyColumnOf(table)}"`
  const { rows: found } = await driver().query(
    `select ${key}::text as "key" from "${table}" where not (${key}::text = any($1)) limit 1`,
    [rows],
  )
  const outside = found[0]?.key as string | undefined
  if (outside === undefined) throw new Error(`${table} has no row outside the kept value's`)
  const where = `${key}::text = '${outside.replaceAll("'", "''")}'`
  if (event !== 'update') return rowWrite(table, event, where)
  return [
    `update "${table}" set "${column}" = "${column}" || '~' where ${where}`,
    `update "${table}" set "${column}" = left("${column}", -1) where ${where}`,
  ]
}

/** A table's columns that a write may set (not generated), quoted. */
async function writableColumns(table: string) {
  const { rows } = await driver().query(
    `select column_name as "column" from information_schema.columns
     where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  )
  return rows.map((row) => `"${row.column as string}"`)
}

/** What a kept value depends on in one table: any row, a row (by key), or the table's order by a column. */
type Dependency = { any: true } | { row: string } | { order: string }

/**
 * Keeps `read`, and gives what its kept value depends on, by table (`book`:
 * the whole table, `user:<id>`: a row, `book#title`: the order): of the
 * values it kept now and not before (another person's session), else all it
 * keeps.
 */
async function keepDependencies(name: string, read: () => Promise<unknown>) {
  const declaration = KEPT_READS.get(name)!
  const before = new Set(declaration.keptDependencies(api.db))
  await keep(read)
  const after = declaration.keptDependencies(api.db)
  const added = after.filter((dependency) => !before.has(dependency))
  const byTable = new Map<string, Dependency[]>()
  for (const dependency of added.length ? added : after) {
    const table = tableOf(dependency)
    const rest = dependency.slice(table.length + 1)
    const parsed: Dependency = dependency[table.length] === '#' ? { order: rest } : rest ? { row: rest } : { any: true }
    byTable.set(table, [...(byTable.get(table) ?? []), parsed])
  }
  return byTable
}

const writesToForget = () =>
  declarations().flatMap((declaration) =>
    declaration.reads.flatMap((table) =>
      mustAnnounce(declaration, table)
        .filter((event): event is Exclude<Event, 'truncate'> => event !== 'truncate')
        .map((event) => ({ name: declaration.name, table, event })),
    ),
  )

const run = async (statements: string[]) => {
  for (const statement of statements) await api.db.execute(sql.raw(statement))
}

describe('a kept read reads again after a write to a key it depends on, not to another', () => {
  it.each(declarations())('$name depends on a key of every table it reads', async ({ name, reads }) => {
    const read = await KEPT_READ_RUNS[name]!()
    expect([...(await keepDependencies(name, read)).keys()].sort()).toEqual([...reads].sort())
  })

  it.each(writesToForget())('$name: $event on $table, in plain SQL', async ({ name, table, event }) => {
    const read = await KEPT_READ_RUNS[name]!()
    const dependencies = (await keepDependencies(name, read)).get(table)!
    const rows = dependencies.flatMap((dependency) => ('row' in dependency ? [dependency.row] : []))
    // Another row added or removed moves the order, when the value depends on it.
    const otherRowsKeep = event === 'update' || !dependencies.some((dependency) => 'order' in dependency)
    for (const [i, dependency] of dependencies.entries()) {
      if (i > 0) await keep(read)
      if ('order' in dependency) {
        await run(await orderWrite(table, event, dependency.order, rows))
        expect(await tablesRead(read), `${table}: its order by ${dependency.order}`).not.toEqual([])
        continue
      }
      const key = 'row' in dependency ? dependency.row : undefined
      // Tried again while notices of earlier writes (the sign-in's), heard late by other connections, forget it.
      if (key !== undefined && otherRowsKeep)
        await vi.waitFor(
          async () => {
            await keep(read)
            await run(await keyWrite(table, event, key, true))
            expect(await tablesRead(read), `${table}: another row than ${key}`).toEqual([])
          },
          { timeout: 5000, interval: 20 },
        )
      await run(await keyWrite(table, event, key))
      expect(await tablesRead(read), `${table}: ${key ?? 'any row'}`).not.toEqual([])
    }
  })
})

describe.runIf(inject('postgres'))('a kept read hears a write to a key it depends on, on another connection', () => {
  it.each(writesToForget())('$name: $event on $table', async ({ name, table, event }) => {
    const read = await KEPT_READ_RUNS[name]!()
    const dependencies = (await keepDependencies(name, read)).get(table)!
    const key = dependencies.flatMap((dependency) => ('row' in dependency ? [dependency.row] : []))[0]
    const other = new pg.Client({ connectionString: api.handle.url })
    await other.connect()
    try {
      for (const statement of await keyWrite(table, event, key)) await other.query(statement)
    } finally {
      await other.end()
    }
    // Heard a moment later, by the listening connection.
    await vi.waitFor(async () => expect(await tablesRead(read)).not.toEqual([]), { timeout: 5000, interval: 10 })
  })
})
