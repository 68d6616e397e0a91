import { lt, sql } from 'drizzle-orm'

import { env } from '@/lib/env.server'
import { auditLog } from '@/server/db/schema'

import { cleanupJob } from './cleanup.server'

/** Audit entries older than AUDIT_RETENTION_DAYS. */
export default cleanupJob('cleanup.audit', '15 3 * * *', (db) =>
  db.delete(auditLog).where(lt(auditLog.createdAt, sql`now() - make_interval(days => ${env().AUDIT_RETENTION_DAYS})`)),
)
