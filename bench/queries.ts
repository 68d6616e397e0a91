/**
 * The SQL of the books list, built by the app's own query builders (so the
 * benchmark EXPLAINs exactly what `book.list` runs). Loaded through Vite's
 * module runner (see index.ts): the app's modules use Vite features.
 */
import { drizzle } from 'drizzle-orm/node-postgres'

import { type BookListInput, countBooksQuery, listBooksQuery } from '@/features/book/book.server'
import type { Database } from '@/server/db/client.server'
import * as schema from '@/server/db/schema'
import { encodeCursor } from '@/server/lists/keyset.server'

// Builds SQL only; never connects.
const db = drizzle.mock({ schema, casing: 'snake_case' }) as unknown as Database

export const listSql = (input: BookListInput) => listBooksQuery(db, input).toSQL()
export const countSql = (input: BookListInput) => countBooksQuery(db, input).toSQL()
export { encodeCursor }
