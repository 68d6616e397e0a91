import { sql } from 'drizzle-orm'

import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import type { JobQueue } from '@/lib/jobs'
import { LEASE_SECONDS, SEND_EMAIL_JOB, sendFromOutbox, sweepOutbox } from '@/server/email/outbox.server'

import { CLEANUPS } from './cleanups.server'
import type { JobDefinition } from './runner.server'

/** Every 5 s while a sign-in code is valid: a code must arrive within seconds of the mail server's return. */
const EMAIL_RETRY_SECONDS = 5

/** Every job the app runs (docs/decisions/037-job-queue.md); /manager/jobs lists them in this order. */
export const JOBS: ReadonlyArray<JobDefinition & { name: JobQueue }> = [
  {
    name: SEND_EMAIL_JOB,
    // No backoff: a doubling delay would leave a code waiting minutes after the server is back.
    retry: {
      limit: (OTP_EXPIRES_MINUTES * 60) / EMAIL_RETRY_SECONDS,
      delaySeconds: EMAIL_RETRY_SECONDS,
      backoff: false,
    },
    // A run ends within its lease: one left running by a killed process runs again 15-23 s after it started.
    expireSeconds: LEASE_SECONDS,
    run: (db, data) => sendFromOutbox(db, data as { id: string }),
  },
  {
    name: 'email.sweep',
    retry: { limit: 3, delaySeconds: 10, backoff: true },
    schedule: '* * * * *',
    // At start too: a restarted server re-queues at once what its killed predecessor was sending in a request.
    runAtStart: true,
    run: (db) => sweepOutbox(db),
  },
  {
    // The book and user searches' summaries cut anew as the lists grow (docs/decisions/041-search-slices.md):
    // weekly, at night, as a list's writes wait while it runs (36 s at a million books on a busy 2-core machine).
    name: 'search.slices',
    retry: { limit: 3, delaySeconds: 600, backoff: true },
    schedule: '30 3 * * 0',
    run: async (db) => {
      await db.execute(sql`select book_search_slices_rebuild()`)
      await db.execute(sql`select user_search_slices_rebuild()`)
    },
  },
  ...(Object.entries(CLEANUPS) as Array<[keyof typeof CLEANUPS, (typeof CLEANUPS)[keyof typeof CLEANUPS]]>).map(
    ([name, cleanup], index) => ({
      name,
      retry: { limit: 5, delaySeconds: 60, backoff: true },
      // Nightly, a few minutes apart.
      schedule: `${index * 5} 3 * * *`,
      run: async (db: Parameters<typeof cleanup>[0]) => {
        await cleanup(db)
      },
    }),
  ),
]
