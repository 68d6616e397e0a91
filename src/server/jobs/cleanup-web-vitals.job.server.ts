import { lt, sql } from 'drizzle-orm'

import { webVital } from '@/server/db/schema'

import { cleanupJob } from './cleanup.server'

/** Core Web Vitals past the dashboard's window (24 hours), with a day to spare. */
export default cleanupJob('cleanup.web-vitals', '30 3 * * *', (db) =>
  db.delete(webVital).where(lt(webVital.recordedAt, sql`now() - interval '48 hours'`)),
)
