import { databaseTimeouts, env } from '@/lib/env.server'
import { startJobs, stopJobs } from '@/server/jobs/index.server'
import { logger } from '@/server/logger.server'

import { type Database, type DatabaseHandle, openDatabase } from './client.server'
import { migrate } from './migrate.server'
import { isEmpty, seed } from './seed.server'

export type { Database } from './client.server'

/**
 * The process-wide database: opened once, migrated, seeded on first start,
 * closed on SIGTERM/SIGINT so the process can exit (the production server
 * instead closes it itself, after draining its requests: closeDatabase).
 * Kept on globalThis so the dev server's module reloads reuse it (PGlite
 * allows one owner per folder).
 */
const globalKey = Symbol.for('start-books.database')
const serverOwnsShutdown = Symbol.for('start-books.database.server-owns-shutdown')
type Holder = { [globalKey]?: Promise<DatabaseHandle>; [serverOwnsShutdown]?: boolean }
const holder = globalThis as Holder
/** Handles being closed: their job queue is not started again. */
const closedHandles = new WeakSet<DatabaseHandle>()
/** A job queue that could not start (the database out of reach) tries again after this. */
const JOBS_RETRY_MS = 10_000

/**
 * The production server drains its requests before it closes the database
 * (src/server/shutdown.server.ts). On globalThis, like the handle: the build
 * holds two copies of this module (nitro's entry bundle and the SSR bundle).
 */
export function leaveShutdownToServer() {
  holder[serverOwnsShutdown] = true
}

/** Closes the database if it was opened (PGlite: releases its folder lock). */
export async function closeDatabase() {
  const handle = await holder[globalKey]?.catch(() => undefined)
  if (!handle) return
  closedHandles.add(handle)
  await stopJobs(handle.db, env().SHUTDOWN_TIMEOUT * 1000)
  logger.info('closing the database')
  await handle.close()
}

/** Migrates, and seeds an empty database: genres, plus the demo data where env SEED_DEMO_DATA allows it. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  { demo = env().SEED_DEMO_DATA }: { demo?: boolean } = {},
) {
  await handle.exclusive(async (db) => {
    await migrate(db)
    if (await isEmpty(db)) {
      logger.info({ demoData: demo }, 'empty database: seeding')
      await seed(db, { demo })
    }
  })
  return handle
}

export function databaseHandle(): Promise<DatabaseHandle> {
  holder[globalKey] ??= (async () => {
    const config = env()
    const handle = await openDatabase(config.DATABASE_URL, {
      directUrl: config.DATABASE_DIRECT_URL,
      replicaUrls: config.DATABASE_REPLICA_URLS,
      replicaMaxLagMs: config.DATABASE_REPLICA_MAX_LAG_SECONDS * 1000,
      timeouts: databaseTimeouts(config),
      log: logger,
    })
    if (!holder[serverOwnsShutdown]) closeOnExit(handle)
    logger.info({ driver: handle.driver }, 'database opened')
    await prepareDatabase(handle)
    // In the background: requests need not wait for the queue (an e-mail waits for it only if it must be retried).
    keepStartingJobs(handle)
    return handle
  })()
  return holder[globalKey]
}

/** Starts the job queue, and again after a failure (the database out of reach then) until it starts or the database closes. */
function keepStartingJobs(handle: DatabaseHandle) {
  if (closedHandles.has(handle)) return
  startJobs(handle).catch((error: Error) => {
    if (closedHandles.has(handle)) return
    logger.error({ err: error }, `job queue failed to start: trying again in ${JOBS_RETRY_MS / 1000} s`)
    setTimeout(() => keepStartingJobs(handle), JOBS_RETRY_MS).unref()
  })
}

export async function getDb(): Promise<Database> {
  return (await databaseHandle()).db
}

function closeOnExit(handle: DatabaseHandle) {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    closedHandles.add(handle)
    logger.info({ signal }, 'closing the database')
    stopJobs(handle.db, env().SHUTDOWN_TIMEOUT * 1000)
      .then(() => handle.close())
      .catch((error) => logger.error({ err: error }, 'error while closing the database'))
      .finally(() => process.exit(0))
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
}
