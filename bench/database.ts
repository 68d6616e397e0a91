import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'

import pg from 'pg'

import { openDatabase } from '@/server/db/client.server'
import { migrate } from '@/server/db/migrate.server'
import { seed } from '@/server/db/seed.server'

/** `postgres://u@h:5432/postgres` with another database name. */
function withDatabase(serverUrl: string, database: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

function quote(name: string) {
  if (!/^bench_[a-z0-9]+$/.test(name)) throw new Error(`unexpected bench database name: ${name}`)
  return `"${name}"`
}

async function onAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new empty database `bench_<random>` on the server of `adminUrl`; `drop()` removes it (idempotent). */
export async function createBenchDatabase(adminUrl: string) {
  const name = `bench_${randomBytes(5).toString('hex')}`
  await onAdmin(adminUrl, `create database ${quote(name)}`)
  let dropped = false
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      if (dropped) return
      dropped = true
      await onAdmin(adminUrl, `drop database if exists ${quote(name)} with (force)`)
    },
  }
}

// Words of the generated catalogue: none of them is in the app's own seed, so
// a generated (title, author) never collides with a seeded one.
const ADJECTIVES = [
  'Quiet',
  'Amber',
  'Lost',
  'Northern',
  'Painted',
  'Hollow',
  'Bright',
  'Winter',
  'Scarlet',
  'Velvet',
  'Iron',
  'Paper',
  'Silver',
  'Drowned',
  'Sleeping',
  'Wild',
  'Bitter',
  'Gentle',
  'Forgotten',
  'Restless',
  'Emerald',
  'Salt',
  'Midnight',
  'Summer',
  'Glass',
  'Ivory',
  'Shadowed',
  'Open',
  'Little',
  'Great',
  'Ancient',
  'Narrow',
  'Falling',
  'Rising',
  'Patient',
  'Stolen',
  'Borrowed',
  'Second',
  'Final',
  'Crooked',
]
const NOUNS = [
  'Orchard',
  'Tide',
  'Mountain',
  'Station',
  'Library',
  'Compass',
  'Bridge',
  'Island',
  'Mirror',
  'Clockmaker',
  'Widow',
  'Daughter',
  'Cartographer',
  'Storm',
  'Meadow',
  'Citadel',
  'Market',
  'Pilgrim',
  'Lantern',
  'Cathedral',
  'Desert',
  'Violin',
  'Road',
  'Winter',
  'Promise',
  'Engine',
  'Sparrow',
  'Theatre',
  'Vineyard',
  'Harvest',
  'Ocean',
  'Quarry',
  'Tower',
  'Canal',
  'Shepherd',
  'Beekeeper',
  'Ferry',
  'Hotel',
  'Balcony',
  'Monsoon',
  'Caravan',
  'Frontier',
  'Observatory',
  'Sailor',
  'Lagoon',
  'Chapel',
  'Courtyard',
  'Embassy',
  'Glacier',
  'Nightingale',
]
const PLACES = [
  'Avalon',
  'Zanzibar',
  'Lisbon',
  'Kyoto',
  'Samarkand',
  'Timbuktu',
  'Valparaiso',
  'Odessa',
  'Marrakesh',
  'Reykjavik',
  'Mombasa',
  'Trieste',
  'Lamu',
  'Bergen',
  'Cusco',
  'Tangier',
  'Hanoi',
  'Dakar',
  'Galway',
  'Tbilisi',
  'Zagreb',
  'Aleppo',
  'Goa',
  'Quebec',
  'Arusha',
]
const FIRST_NAMES = [
  'Ada',
  'Bashir',
  'Camille',
  'Dmitri',
  'Esi',
  'Felix',
  'Gabriela',
  'Hana',
  'Ibrahim',
  'Julia',
  'Kofi',
  'Lena',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tove',
  'Ugo',
  'Vera',
  'Wanjiru',
  'Xavier',
  'Yara',
  'Zeno',
  'Aline',
  'Baraka',
  'Celeste',
  'Diego',
  'Elif',
  'Femi',
  'Greta',
  'Hamza',
  'Ines',
  'Jomo',
  'Katya',
  'Luc',
  'Mei',
  'Nuno',
  'Olga',
  'Pablo',
  'Rania',
  'Sven',
  'Thandiwe',
  'Uma',
  'Viktor',
  'Wen',
  'Yusuf',
  'Zainab',
]
const LAST_NAMES = [
  'Abara',
  'Becker',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Farouk',
  'Gallo',
  'Hoffmann',
  'Ibsen',
  'Jansen',
  'Kamau',
  'Laurent',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quispe',
  'Rossi',
  'Sato',
  'Tanaka',
  'Umar',
  'Vasquez',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zeller',
  'Achieng',
  'Brandt',
  'Costa',
  'Duarte',
  'Esposito',
  'Fontaine',
  'Gruber',
  'Horvat',
  'Iversen',
  'Jovanovic',
  'Kowalski',
  'Lindqvist',
  'Mensah',
  'Novak',
  'Otieno',
  'Pereira',
  'Richter',
  'Silva',
  'Tremblay',
  'Urban',
  'Varga',
  'Wojcik',
  'Yamada',
  'Zhou',
]
const PUBLISHERS = [
  'Northwind Press',
  'Blue Heron',
  'Atlas House',
  'Kilimanjaro Books',
  'Maison Lune',
  'Harbour & Vine',
  'Red Kite',
  'Saltmarsh',
  'Orchid Editions',
  'Meridian',
]

const sqlArray = (words: string[]) => `array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`

/** Every word of the generated titles and author names: the mixed run's search terms (bench/mixed.ts). */
export const CATALOGUE_WORDS = [...ADJECTIVES, ...NOUNS, ...PLACES, ...FIRST_NAMES, ...LAST_NAMES]

/**
 * The INSERT … SELECT of `toInsert` generated books (ids, titles, authors,
 * publishers, genres, dates), into a book table whose genre and date columns
 * are named `columns` (this product's snake_case, start-ui-web's camelCase).
 * Book i gets author i mod A and title (i div A + 7·author) mod T, so
 * (title, author) is unique while every title is shared by ~20 authors.
 */
function generatedBooksSql(toInsert: number, columns: { genre: string; created: string; updated: string }) {
  // "Ada K. Becker": 65,000 authors of ~15 books each.
  const authors = FIRST_NAMES.length * 26 * LAST_NAMES.length
  const titles = ADJECTIVES.length * NOUNS.length * (PLACES.length + 1)
  return `
      insert into book (id, title, author, publisher, ${columns.genre}, ${columns.created}, ${columns.updated})
      select gen_random_uuid()::text,
             'The ' || adjectives[1 + (t % ${ADJECTIVES.length})] || ' ' || nouns[1 + (t / ${ADJECTIVES.length}) % ${NOUNS.length}]
               || case when t / ${ADJECTIVES.length * NOUNS.length} = 0 then ''
                       else ' of ' || places[t / ${ADJECTIVES.length * NOUNS.length}] end,
             first_names[1 + a % ${FIRST_NAMES.length}] || ' ' || chr(65 + (a / ${FIRST_NAMES.length}) % 26) || '. '
               || last_names[1 + a / ${FIRST_NAMES.length * 26}],
             publishers[1 + i % ${PUBLISHERS.length}],
             genres[1 + i % array_length(genres, 1)],
             created,
             created
        from (select i, i % ${authors} as a, (i / ${authors} + 7 * (i % ${authors})) % ${titles} as t,
                     now() - interval '3 years' + (i * interval '3 years' / ${Math.max(1, toInsert)}) as created
                from generate_series(0, ${toInsert - 1}) as i) as g,
             (select ${sqlArray(ADJECTIVES)} as adjectives, ${sqlArray(NOUNS)} as nouns, ${sqlArray(PLACES)} as places,
                     ${sqlArray(FIRST_NAMES)} as first_names, ${sqlArray(LAST_NAMES)} as last_names,
                     ${sqlArray(PUBLISHERS)} as publishers,
                     (select array_agg(id order by name) from genre) as genres) as words`
}

/**
 * Fills the database: the app's migrations and seed (genres, the two seeded
 * accounts, 100 users, 120 books), then generated books up to `total` (and
 * users up to `users`, see fillUsers), in one
 * INSERT … SELECT over generate_series (`generatedBooksSql`). The book table's indexes
 * are dropped for the insert and rebuilt after it (much faster than
 * maintaining two trigram indexes row by row), the search summary cut after it
 * (decision 041), then everything is VACUUM ANALYZEd
 * and checkpointed.
 */
export async function fillDatabase(url: string, total: number, log: (line: string) => void, users = 0) {
  const handle = await openDatabase(url)
  try {
    await handle.exclusive(async (db) => {
      await migrate(db)
      await seed(db, { demo: true })
    })
  } finally {
    await handle.close()
  }

  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`set maintenance_work_mem = '256MB'`)
    const { rows } = await client.query<{ seeded: number }>('select count(*)::int as seeded from book')
    const toInsert = total - rows[0]!.seeded
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'book' and indexname <> 'book_pkey'`,
    )
    for (const index of indexes) await client.query(`drop index "${index.name}"`)

    const started = Date.now()
    // The search summary is cut once after the insert, as the weekly job does, not noted row by row.
    await client.query('alter table book disable trigger book_search_slice_note')
    await client.query(generatedBooksSql(toInsert, { genre: 'genre_id', created: 'created_at', updated: 'updated_at' }))
    await client.query('alter table book enable trigger book_search_slice_note')
    log(`inserted ${toInsert.toLocaleString('en')} books in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const indexing = Date.now()
    for (const index of indexes) await client.query(index.definition)
    await client.query('select book_search_slices_rebuild()')
    log(
      `rebuilt ${indexes.length} book indexes and the search summary in ${((Date.now() - indexing) / 1000).toFixed(1)} s`,
    )
    if (users > 0) await fillUsers(client, users, log)
    await client.query('vacuum (analyze)')
    // The load's dirty pages written now, not by a checkpoint during the first measured round.
    await client.query('checkpoint')
  } finally {
    await client.end()
  }
}

/**
 * Generated users up to `total` (the user list's sorts and filters at a
 * million rows, issue 27): "Ada K. Becker", ada.k.becker.<i>@bench.example,
 * one in 1,000 an admin and one in 500 banned (the rare filters), spread over
 * the name and e-mail orders. The indexes that back no constraint are dropped
 * for the insert and rebuilt after it, and the search summary cut, as the books'.
 */
async function fillUsers(client: pg.Client, total: number, log: (line: string) => void) {
  const { rows } = await client.query<{ seeded: number }>('select count(*)::int as seeded from "user"')
  const toInsert = total - rows[0]!.seeded
  if (toInsert <= 0) return
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public' and tablename = 'user' and indexname not in (select conname from pg_constraint)`,
  )
  for (const index of indexes) await client.query(`drop index "${index.name}"`)
  const started = Date.now()
  await client.query('alter table "user" disable trigger user_search_slice_note')
  await client.query(`
    insert into "user" (id, name, email, email_verified, role, banned, onboarded_at, created_at, updated_at)
    select gen_random_uuid()::text, name, lower(replace(replace(name, '. ', '.'), ' ', '.')) || '.' || i || '@bench.example',
           true, case when i % 1000 = 0 then 'admin' else 'user' end, i % 500 = 7, now(), now(), now()
      from (select i, first_names[1 + i % ${FIRST_NAMES.length}] || ' ' || chr(65 + (i / ${FIRST_NAMES.length}) % 26) || '. '
                      || last_names[1 + (i / ${FIRST_NAMES.length * 26}) % ${LAST_NAMES.length}] as name
              from generate_series(1, ${toInsert}) as i,
                   (select ${sqlArray(FIRST_NAMES)} as first_names, ${sqlArray(LAST_NAMES)} as last_names) as words) as g`)
  await client.query('alter table "user" enable trigger user_search_slice_note')
  const indexing = Date.now()
  for (const index of indexes) await client.query(index.definition)
  await client.query('select user_search_slices_rebuild()')
  log(
    `inserted ${toInsert.toLocaleString('en')} users in ${((indexing - started) / 1000).toFixed(1)} s, rebuilt ${indexes.length} indexes and the search summary in ${((Date.now() - indexing) / 1000).toFixed(1)} s`,
  )
}

/**
 * start-ui-web's tables in the empty database `url`: its Prisma schema copied
 * with `pg_dump --schema-only` from `schemaSourceUrl` (the database its `.env`
 * names, where `pnpm db:push` created them), ten genres, and `total` generated
 * books, the same titles and authors as ours. Its indexes are its own (rebuilt
 * after the insert, as above); returns the genres' ids (its books need one).
 */
export async function fillStartUiWebDatabase(
  url: string,
  schemaSourceUrl: string,
  total: number,
  log: (line: string) => void,
) {
  const schema = execFileSync('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', '-d', schemaSourceUrl], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  })
  execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', '-'], { input: schema, stdio: 'pipe' })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`set maintenance_work_mem = '256MB'`)
    const { rows: genres } = await client.query<{ id: string }>(
      `insert into genre (id, "createdAt", "updatedAt", name, color)
       select 'genre-' || g, now(), now(), 'Genre ' || g, '#888888' from generate_series(1, 10) as g returning id`,
    )
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = 'book' and indexname <> 'book_pkey'`,
    )
    for (const index of indexes) await client.query(`drop index "${index.name}"`)
    const started = Date.now()
    await client.query(generatedBooksSql(total, { genre: '"genreId"', created: '"createdAt"', updated: '"updatedAt"' }))
    for (const index of indexes) await client.query(index.definition)
    await client.query('vacuum (analyze)')
    await client.query('checkpoint')
    log(`start-ui-web: ${total.toLocaleString('en')} books in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return { genreIds: genres.map((genre) => genre.id) }
  } finally {
    await client.end()
  }
}
