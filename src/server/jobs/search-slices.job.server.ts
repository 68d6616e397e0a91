import { sql } from 'drizzle-orm'

import { defineJob } from '@/server/queue/queue.server'

/**
 * The book and user searches' summaries cut anew as the lists grow (docs/decisions/041-search-slices.md):
 * weekly, at night, as a list's writes wait while it runs (36 s at a million books on a busy 2-core machine).
 */
export default defineJob({
  name: 'search.slices',
  retry: { limit: 3, delaySeconds: 600, backoff: true },
  schedule: '30 3 * * 0',
  run: async (db) => {
    await db.execute(sql`select book_search_slices_rebuild()`)
    await db.execute(sql`select user_search_slices_rebuild()`)
  },
})
