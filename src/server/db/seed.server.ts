import { randomUUID } from 'node:crypto'

import { genreNameSchema } from '@/lib/genre-schema'

import type { Database } from './client.server'
import { book, genre, user } from './schema'

/**
 * The two demo accounts of development, tests and demo mode (documented in the
 * README). Never in production unless asked for (SEED_DEMO_DATA=true): anyone
 * who reads the README could sign in as them.
 */
export const SEEDED_ACCOUNTS = [
  { email: 'admin@admin.com', name: 'Admin', role: 'admin' },
  { email: 'user@user.com', name: 'User', role: 'user' },
] as const

export const SEED_GENRES = [
  { name: 'Adventure', color: '#F97316' },
  { name: 'Comic', color: '#EAB308' },
  { name: 'Fantasy', color: '#8B5CF6' },
  { name: 'History', color: '#A16207' },
  { name: 'Horror', color: '#DC2626' },
  { name: 'Mystery', color: '#0EA5E9' },
  { name: 'Poetry', color: '#EC4899' },
  { name: 'Romance', color: '#F43F5E' },
  { name: 'Science Fiction', color: '#14B8A6' },
  { name: 'Thriller', color: '#475569' },
] as const

const FIRST_NAMES = ['Amina', 'Bruno', 'Chloé', 'Daudi', 'Elena', 'Farid', 'Grace', 'Hugo', 'Imani', 'Jonas']
const LAST_NAMES = ['Ali', 'Bernard', 'Chen', 'Diallo', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Juma']
const TITLE_ADJECTIVES = [
  'Silent',
  'Golden',
  'Hidden',
  'Broken',
  'Endless',
  'Crimson',
  'Distant',
  'Frozen',
  'Wandering',
  'Last',
  'Secret',
  'Burning',
]
const TITLE_NOUNS = [
  'River',
  'Empire',
  'Garden',
  'Voyage',
  'Lighthouse',
  'Kingdom',
  'Letter',
  'Forest',
  'Archive',
  'Harbor',
]
const PUBLISHERS = ['Northwind Press', 'Blue Heron', 'Atlas House', 'Kilimanjaro Books', 'Maison Lune']

/** 100 users, 120 books: enough to page through with a page size of 20. */
export function seedData() {
  const users = FIRST_NAMES.flatMap((first) =>
    LAST_NAMES.map((last) => ({
      name: `${first} ${last}`,
      email: `${first}.${last}@example.com`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    })),
  )
  const books = TITLE_ADJECTIVES.flatMap((adjective, a) =>
    TITLE_NOUNS.map((noun, n) => {
      const i = a * TITLE_NOUNS.length + n
      return {
        title: `The ${adjective} ${noun}`,
        author: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`,
        publisher: PUBLISHERS[i % PUBLISHERS.length]!,
        genre: SEED_GENRES[i % SEED_GENRES.length]!.name,
      }
    }),
  )
  return { users, books }
}

/**
 * Genre rows to insert, under the same name rules as every other write of a
 * genre ('Name is required'); throws on a blank name. Uniqueness ('Genre
 * already exists') is the database's genre_name_unique constraint.
 */
export function genreRows(genres: ReadonlyArray<{ name: string; color: string }>) {
  const names = new Set<string>()
  return genres.map((g) => {
    const name = genreNameSchema.parse(g.name)
    if (names.has(name)) throw new Error(`Genre already exists: ${name}`)
    names.add(name)
    return { id: randomUUID(), name, color: g.color }
  })
}

/** No account and no genre: never seeded, never used (a production start without demo data seeds genres only). */
export async function isEmpty(db: Database) {
  const [users, genres] = await Promise.all([
    db.select({ id: user.id }).from(user).limit(1),
    db.select({ id: genre.id }).from(genre).limit(1),
  ])
  return users.length === 0 && genres.length === 0
}

export interface SeedOptions {
  /** The demo accounts, users and books (env SEED_DEMO_DATA); genres are seeded either way. */
  demo: boolean
}

/**
 * Idempotent: every insert skips rows whose unique key (e-mail, genre name,
 * title + author) already exists, so running it twice changes nothing.
 */
export async function seed(db: Database, { demo }: SeedOptions) {
  // What the product needs: the book form's genre list.
  await db.insert(genre).values(genreRows(SEED_GENRES)).onConflictDoNothing({ target: genre.name })
  if (!demo) return

  const now = new Date()
  const { users, books } = seedData()

  await db
    .insert(user)
    .values(
      [
        ...SEEDED_ACCOUNTS.map((account) => ({ ...account })),
        ...users.map((person) => ({ ...person, role: 'user' })),
      ].map((person) => ({
        id: randomUUID(),
        ...person,
        emailVerified: true,
        onboardedAt: now,
      })),
    )
    .onConflictDoNothing({ target: user.email })

  const genres = await db.select({ id: genre.id, name: genre.name }).from(genre)
  const genreIds = new Map(genres.map((g) => [g.name, g.id]))

  await db
    .insert(book)
    .values(
      books.map(({ genre: genreName, ...rest }) => ({
        id: randomUUID(),
        ...rest,
        genreId: genreIds.get(genreName) ?? null,
      })),
    )
    .onConflictDoNothing({ target: [book.title, book.author] })
}
