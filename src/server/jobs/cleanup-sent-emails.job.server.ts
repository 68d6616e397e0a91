import { and, isNotNull, lt, sql } from 'drizzle-orm'

import { emailOutbox } from '@/server/db/schema'

import { cleanupJob } from './cleanup.server'

/** Sent e-mails, a week after they went: the outbox is not an archive. */
export default cleanupJob('cleanup.sent-emails', '20 3 * * *', (db) =>
  db
    .delete(emailOutbox)
    .where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, sql`now() - interval '7 days'`))),
)
