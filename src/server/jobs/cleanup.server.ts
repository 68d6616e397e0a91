import type { Database } from '@/server/db/client.server'
import { defineJob } from '@/server/queue/queue.server'

/**
 * A scheduled clean-up (the `cleanup-*.job.server.ts` files): rows (and files) nobody can use any more,
 * nightly (UTC), each at its own minute. Each row clean-up deletes in one statement, so a run cut short
 * leaves nothing half done; the next run finishes it.
 */
export const cleanupJob = <const Name extends `cleanup.${string}`>(
  name: Name,
  schedule: string,
  clean: (db: Database) => PromiseLike<unknown>,
) =>
  defineJob({
    name,
    retry: { limit: 5, delaySeconds: 60, backoff: true },
    schedule,
    run: async (db) => {
      await clean(db)
    },
  })
