import { definePlugin } from 'nitro'

import { env } from '@/lib/env.server'
import { logger } from '@/server/platform/logger.server'

import { startProcess, stopProcess } from './process.server'

/**
 * Start-up of the production server (a nitro runtime plugin, run once before
 * it listens): an invalid environment stops it with the message of the rule it
 * breaks; the database is opened, migrated and seeded and the job queue
 * started before the first request, not during it. node-server.ts drains the
 * HTTP server on SIGTERM/SIGINT, then calls the `close` hooks: the process
 * stops last. The dev server (vite) starts the process at its first request.
 */
export default definePlugin((nitroApp) => {
  if (import.meta.dev) return
  try {
    env()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  nitroApp.hooks.hook('close', stopProcess)
  startProcess({ closeOnSignal: false }).catch((error: Error) => {
    logger.fatal({ err: error }, 'database start-up failed')
    console.error(error.message)
    process.exit(1)
  })
})
