import { lt, sql } from 'drizzle-orm'

import { verification } from '@/server/db/schema'

import { cleanupJob } from './cleanup.server'

/** Sign-in codes and other verification rows past their expiry (a used one is deleted when used). */
export default cleanupJob('cleanup.verifications', '5 3 * * *', (db) =>
  db.delete(verification).where(lt(verification.expiresAt, sql`now()`)),
)
