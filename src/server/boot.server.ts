import { env } from '@/lib/env.server'
import { databaseHandle } from '@/server/db/index.server'
import { logger } from '@/server/logger.server'

/**
 * Start-up of the production server: an invalid environment stops it with
 * the message of the rule it breaks; the database is opened, migrated and
 * (when empty) seeded before the first request, not during it.
 */
export function boot() {
  try {
    env()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  databaseHandle().catch((error: Error) => {
    logger.fatal({ err: error }, 'database start-up failed')
    console.error(error.message)
    process.exit(1)
  })
}
