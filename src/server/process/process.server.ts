import { env } from '@/lib/env.server'
import { closeDatabase, type DatabaseHandle, databaseHandle } from '@/server/db/index.server'
import { startJobs, stopJobs } from '@/server/jobs/index.server'
import { logger } from '@/server/platform/logger.server'
import { processWide } from '@/server/platform/process-wide.server'

/** A job queue that could not start (the database out of reach) tries again after this. */
const JOBS_RETRY_MS = 10_000

const state = processWide<{ started?: Promise<DatabaseHandle>; stopping?: Promise<void> }>('process', () => ({}))

/**
 * What this process runs besides answering HTTP, in the order it starts it
 * (README.md here):
 * 1. the database: opened, migrated, seeded when empty, its change notices heard (src/server/db);
 * 2. the job queue, in the background (a request waits for it only to retry an e-mail), tried again until it starts.
 * Tracing starts with the request pipeline (src/server.ts), in the bundle whose requests it traces. Listening comes last: node-server.ts in production, where nitro-startup.ts calls this first; in development
 * the first request does (src/server.ts). Once per process: later calls get the same start.
 *
 * `closeOnSignal`: SIGTERM/SIGINT stop the process here. The production server leaves it off, as it drains
 * its requests first (shutdown.server.ts) and then calls `stopProcess`.
 */
export function startProcess({ closeOnSignal }: { closeOnSignal: boolean }): Promise<DatabaseHandle> {
  state.started ??= (async () => {
    if (closeOnSignal) stopOnSignals()
    const handle = await databaseHandle()
    keepStartingJobs(handle)
    return handle
  })()
  return state.started
}

/** Stops what `startProcess` started, in the reverse order: the job queue, then the database. Once. */
export function stopProcess(): Promise<void> {
  state.stopping ??= (async () => {
    const handle = await state.started?.catch(() => undefined)
    if (handle) await stopJobs(handle.db, env().SHUTDOWN_TIMEOUT * 1000)
    await closeDatabase()
  })()
  return state.stopping
}

/** Starts the job queue, and again after a failure (the database out of reach then) until it starts or the process stops. */
function keepStartingJobs(handle: DatabaseHandle) {
  if (state.stopping) return
  startJobs(handle).catch((error: Error) => {
    if (state.stopping) return
    logger.error({ err: error }, `job queue failed to start: trying again in ${JOBS_RETRY_MS / 1000} s`)
    setTimeout(() => keepStartingJobs(handle), JOBS_RETRY_MS).unref()
  })
}

function stopOnSignals() {
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'stopping')
    stopProcess()
      .catch((error: unknown) => logger.error({ err: error }, 'error while stopping'))
      .finally(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
