import { asc, count, eq } from 'drizzle-orm'

import { idInputSchema } from '@/lib/api-schemas'
import { genreSchema } from '@/lib/genre-schema'
import { listInputSchema, pageSchema } from '@/lib/pagination'
import { withPermission } from '@/server/api/procedure.server'
import { requestReader } from '@/server/db/replicas.server'
import { genre } from '@/server/db/schema'
import { apiError } from '@/server/http/api-errors.server'
import { afterCursor, allOf, toPage } from '@/server/lists/keyset.server'
import { searchWhere } from '@/server/lists/search.server'
import { exactCount, pageWithTotal } from '@/server/lists/totals.server'
const columns = { id: genre.id, name: genre.name, color: genre.color }

/** Genres by name, searchable, a page at a time: a picker can reach every genre. */
const list = withPermission({ genre: ['read'] })
  .route({ method: 'GET', path: '/genres', summary: 'List genres', tags: ['Genres'] })
  .input(listInputSchema)
  .output(pageSchema(genreSchema))
  .handler(async ({ context: { db: primary, headers, user }, input }) => {
    const db = requestReader({ db: primary, headers }, user.id)
    const search = searchWhere(input.searchTerm, [genre.name])
    const { rows, total } = await pageWithTotal(
      input,
      () =>
        db
          .select(columns)
          .from(genre)
          .where(allOf(search, afterCursor({ sort: genre.name, id: genre.id }, input.cursor)))
          .orderBy(asc(genre.name), asc(genre.id))
          .limit(input.limit + 1),
      () => exactCount(db.select({ value: count() }).from(genre).where(search)),
    )
    return { ...toPage(rows, input.limit, (row) => row.name), ...total }
  })

const get = withPermission({ genre: ['read'] })
  .route({ method: 'GET', path: '/genres/{id}', summary: 'Get a genre', tags: ['Genres'] })
  .input(idInputSchema)
  .output(genreSchema)
  .handler(async ({ context: { db }, input }) => {
    const [found] = await db.select(columns).from(genre).where(eq(genre.id, input.id))
    if (!found) throw apiError('NOT_FOUND')
    return found
  })

export const genreRouter = { list, get }
