import { env } from '@/lib/env.server'
import { closeDatabase, type DatabaseHandle, databaseHandle } from '@/server/db/index.server'
import { startJobs, stopJobs } from '@/server/jobs/index.server'
import { logger } from '@/server/platform/logger.server'
import { processWide } from '@/server/platform/process-wide.server'

/** A job queue that could not start (the database out of reach) tries again after this. */
const JOBS_RETRY_MS = 10_000

/** One run of the process: started once, stopped once (a test may start another after). */
interface Run {
  started: Promise<DatabaseHandle>
  stopped: boolean
}

const state = processWide<{ run?: Run }>('process', () => ({}))

/**
 * What this process runs besides answering HTTP, in the order it starts it (README.md here):
 * 1. the database: opened, migrated, seeded when empty, its change notices heard (src/server/db);
 * 2. the job queue, in the background (a request waits for it only to retry an e-mail),
 *    tried again until it starts.
 * Tracing starts with the request pipeline (src/server.ts), in the bundle whose requests it
 * traces. Listening comes last: node-server.ts in production, whose nitro-startup.ts calls this
 * first; in development the first request does. Later calls get the same run.
 *
 * `closeOnSignal`: SIGTERM/SIGINT stop the process here. The production server leaves it off:
 * it drains its requests first (shutdown.server.ts), then calls `stopProcess`.
 */
export function startProcess({ closeOnSignal }: { closeOnSignal: boolean }): Promise<DatabaseHandle> {
  if (!state.run) {
    if (closeOnSignal) stopOnSignals()
    const run = { stopped: false } as Run
    run.started = databaseHandle().then((handle) => {
      keepStartingJobs(run, handle)
      return handle
    })
    state.run = run
  }
  return state.run.started
}

/** Stops what `startProcess` started, in the reverse order: the job queue, then the database. */
export async function stopProcess(): Promise<void> {
  const run = state.run
  if (!run || run.stopped) return
  run.stopped = true
  state.run = undefined
  const handle = await run.started.catch(() => undefined)
  if (handle) await stopJobs(handle.db, env().SHUTDOWN_TIMEOUT * 1000)
  await closeDatabase()
}

/** Starts the job queue, and again after a failure (the database out of reach then) until it starts or the run stops. */
function keepStartingJobs(run: Run, handle: DatabaseHandle) {
  if (run.stopped) return
  startJobs(handle).catch((error: Error) => {
    if (run.stopped) return
    logger.error({ err: error }, `job queue failed to start: trying again in ${JOBS_RETRY_MS / 1000} s`)
    setTimeout(() => keepStartingJobs(run, handle), JOBS_RETRY_MS).unref()
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
