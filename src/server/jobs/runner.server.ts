import PgBoss from 'pg-boss'

import type { Database, DatabaseHandle } from '@/server/db/client.server'
import { withQueryTimeout } from '@/server/db/timeouts.server'
import { logger } from '@/server/platform/logger.server'

/**
 * One kind of background work (docs/decisions/037-job-queue.md). A job runs
 * once at a time across every process sharing the database; a failed run is
 * retried after `retry.delaySeconds` (doubled each time with `backoff`), and
 * after `retry.limit` retries stays `failed`: the dead-letter state, shown
 * in /manager/jobs for an administrator to retry or cancel.
 */
export interface JobDefinition<T extends object = object> {
  name: string
  retry: { limit: number; delaySeconds: number; backoff: boolean }
  /**
   * A run lasting longer than this is taken as lost (its process died) and
   * retried: EXPIRE_SECONDS unless the job's own runs are bounded shorter.
   */
  expireSeconds?: number
  /** Cron (UTC) for a job that runs on a schedule. */
  schedule?: string
  /** Also queued when a worker starts (what a process that died left behind). */
  runAtStart?: boolean
  run(db: Database, data: T): Promise<void>
}

export interface JobRunner {
  boss: PgBoss
  definitions: readonly JobDefinition[]
  /** Queues a job now and wakes this process's worker for it. */
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>
  /** Lets running jobs finish (up to `timeoutMs`), then stops; an unfinished job is handed back. */
  stop(timeoutMs: number): Promise<void>
}

/** pg-boss keeps its tables in a schema of its own, the same on PGlite and PostgreSQL. */
export const JOBS_SCHEMA = 'pgboss'
/** A job running longer than this is taken as lost (its process died) and retried. */
const EXPIRE_SECONDS = 60
const POLL_SECONDS = 1
/**
 * How often pg-boss looks for expired jobs (its maintenance, which also
 * archives: a few small statements, once across instances). Its default,
 * 2 minutes, is how long a job left running by a killed process used to wait
 * on top of its expiry.
 */
const MAINTENANCE_SECONDS = 2
/** How long a job stays listed once ended: completed, a day; failed (the dead letter, to retry), a week. */
const COMPLETED_KEPT_SECONDS = 24 * 60 * 60
export const FAILED_KEPT_SECONDS = 7 * 24 * 60 * 60

// On globalThis: the build holds two copies of this module (nitro's entry
// bundle, which starts the runner, and the SSR bundle, whose procedures use it).
const RUNNERS = Symbol.for('start-books.job-runners')
const shared = globalThis as { [RUNNERS]?: WeakMap<Database, Promise<JobRunner>> }
const runners = (shared[RUNNERS] ??= new WeakMap())

/** The runner working on `db`, if one was started in this process. */
export function jobRunnerFor(db: Database): Promise<JobRunner> | undefined {
  return runners.get(db)
}

/**
 * Starts pg-boss on the database the app already uses, through the handle's
 * own connection (PGlite's single one, or the PostgreSQL pool): the same
 * tables and the same SQL on both. `work: false` only queues (a process that
 * serves requests but leaves the work to others).
 */
export function startJobs(
  handle: DatabaseHandle,
  definitions: readonly JobDefinition[],
  { work = true }: { work?: boolean } = {},
): Promise<JobRunner> {
  const existing = runners.get(handle.db)
  if (existing) return existing
  const started = (async () => {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => handle.executeSql(text, values) },
      schema: JOBS_SCHEMA,
      migrate: true,
      supervise: true,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      schedule: true,
      archiveCompletedAfterSeconds: COMPLETED_KEPT_SECONDS,
      archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
    })
    boss.on('error', (error) => logger.error({ err: error }, 'job queue error'))
    await boss.start()
    // A job that a killed process left running, expired while nothing ran: retried now, not at the first maintenance.
    await boss.expire()
    const workers = new Map<string, string>()
    for (const definition of definitions) {
      const queue = {
        name: definition.name,
        retryLimit: definition.retry.limit,
        retryDelay: definition.retry.delaySeconds,
        retryBackoff: definition.retry.backoff,
        expireInSeconds: definition.expireSeconds ?? EXPIRE_SECONDS,
      }
      // Several processes start together: another one may create it first.
      if (!(await boss.getQueue(definition.name))) await boss.createQueue(definition.name, queue).catch(() => {})
      await boss.updateQueue(definition.name, queue)
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' })
      if (work) {
        const id = await boss.work<object>(definition.name, { pollingIntervalSeconds: POLL_SECONDS }, async ([job]) => {
          if (!job) return
          // Its statements may take as long as the job may: up to its expiry, not a request's bound.
          await withQueryTimeout(EXPIRE_SECONDS * 1000, () => definition.run(handle.db, job.data))
          // pg-boss writes a completion without waiting for it: a stop right
          // after would lose it, and the job would run again once expired.
          await boss.complete(definition.name, job.id)
        })
        workers.set(definition.name, id)
        if (definition.runAtStart) await boss.send(definition.name, {})
      }
    }
    logger.info({ queues: definitions.length, work }, 'job queue started')
    return {
      boss,
      definitions,
      async send(name, data, options = {}) {
        const id = await boss.send(name, data, options)
        const worker = workers.get(name)
        if (worker) boss.notifyWorker(worker)
        return id
      },
      async stop(timeoutMs) {
        runners.delete(handle.db)
        await boss.stop({ graceful: true, wait: true, close: false, timeout: Math.max(timeoutMs, 1000) })
      },
    } satisfies JobRunner
  })()
  runners.set(handle.db, started)
  started.catch(() => runners.delete(handle.db))
  return started
}

/** Stops the runner on `db`, if any (SIGTERM: before the database closes). */
export async function stopJobs(db: Database, timeoutMs: number) {
  const runner = await runners.get(db)?.catch(() => undefined)
  await runner?.stop(timeoutMs)
}
