import { lt, sql } from 'drizzle-orm'

import { session } from '@/server/db/schema'

import { cleanupJob } from './cleanup.server'

/** Sessions past their expiry: better-auth refuses them already. */
export default cleanupJob('cleanup.sessions', '0 3 * * *', (db) =>
  db.delete(session).where(lt(session.expiresAt, sql`now()`)),
)
