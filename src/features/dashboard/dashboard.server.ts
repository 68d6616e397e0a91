import { count, desc, eq, getTableName, gt, gte, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import { withPermission } from '@/server/api/procedure.server'
import type { Database } from '@/server/db/client.server'
import { requestReader } from '@/server/db/replicas.server'
import { book, genre, session, user } from '@/server/db/schema'

import { dashboardSummarySchema, type Figure, LATEST_BOOKS, NEW_USERS_DAYS } from './schema'

/**
 * Up to this many rows (by PostgreSQL's estimate) a table is counted exactly;
 * above it the dashboard shows the planner's estimate (`pg_class.reltuples`,
 * kept current by autovacuum's ANALYZE), because an exact `count(*)` reads
 * the whole table or index: ~60 ms at a million books, growing with the table
 * (measured in docs/performance.md). The estimate costs one catalogue lookup.
 */
const EXACT_COUNT_LIMIT = 100_000

/** The planner's row estimate of a table, or null before its first ANALYZE. */
async function estimatedRows(db: Database, table: PgTable): Promise<number | null> {
  const result = await db.execute(
    sql`select reltuples::float8 as estimate from pg_class where oid = to_regclass(quote_ident(${getTableName(table)}))`,
  )
  const estimate = Number((result as unknown as { rows: Array<{ estimate: unknown }> }).rows[0]?.estimate ?? -1)
  return estimate >= 0 ? Math.round(estimate) : null
}

/** The number of rows of a whole table: counted when small, estimated when large. */
export async function tableSize(db: Database, table: PgTable, exactLimit = EXACT_COUNT_LIMIT): Promise<Figure> {
  const estimate = await estimatedRows(db, table)
  if (estimate !== null && estimate > exactLimit) return { value: estimate, exact: false }
  const [row] = await db.select({ value: count() }).from(table)
  return { value: row!.value, exact: true }
}

/** Counted through an index on the filtered column (range scans: only the matching rows are read). */
async function countWhere(query: Promise<Array<{ value: number }>>): Promise<Figure> {
  const [row] = await query
  return { value: row!.value, exact: true }
}

/**
 * The manager's dashboard: live figures and the newest books. The figures
 * include accounts and sessions, which the matrix shows to those who may list
 * users and sessions (admins); hence the permission names every resource it reads.
 */
const summary = withPermission({ book: ['read'], genre: ['read'], user: ['list'], session: ['list'] })
  .route({ method: 'GET', path: '/dashboard', summary: 'Dashboard figures and the latest books', tags: ['Dashboard'] })
  .output(dashboardSummarySchema)
  .handler(async ({ context: { db: primary, headers, user: reader } }) => {
    // Figures that tolerate a little lag: a replica, unless it has not replayed the reader's own last write.
    const db = requestReader({ db: primary, headers }, reader.id)
    const weekAgo = sql`now() - make_interval(days => ${NEW_USERS_DAYS})`
    const [books, genres, users, activeSessions, newUsersThisWeek, latestBooks] = await Promise.all([
      tableSize(db, book),
      tableSize(db, genre),
      tableSize(db, user),
      countWhere(
        db
          .select({ value: count() })
          .from(session)
          .where(gt(session.expiresAt, sql`now()`)),
      ),
      countWhere(db.select({ value: count() }).from(user).where(gte(user.createdAt, weekAgo))),
      db
        .select({
          id: book.id,
          title: book.title,
          author: book.author,
          genreName: genre.name,
          genreColor: genre.color,
        })
        .from(book)
        .leftJoin(genre, eq(book.genreId, genre.id))
        .orderBy(desc(book.createdAt), desc(book.id))
        .limit(LATEST_BOOKS),
    ])
    return {
      books,
      genres,
      users,
      activeSessions,
      newUsersThisWeek,
      latestBooks: latestBooks.map(({ genreName, genreColor, ...rest }) => ({
        ...rest,
        genre: genreName !== null && genreColor !== null ? { name: genreName, color: genreColor } : null,
      })),
    }
  })

export const dashboardRouter = { summary }
