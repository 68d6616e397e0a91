import PgBoss from 'pg-boss'

import type { Database, DatabaseHandle } from '@/server/db/client.server'
import { withQueryTimeout } from '@/server/db/timeouts.server'
import { logger } from '@/server/platform/logger.server'
import { processWide } from '@/server/platform/process-wide.server'

/**
 * A queue as the code that sends to it knows it: its name, and in its type the
 * data its jobs carry, so that `enqueue` and the job's `run` agree on it. Declared
 * by its producer (a lower floor), worked by a job file (src/server/jobs/).
 */
export interface Queue<Data extends object = object, Name extends string = string> {
  readonly name: Name
  /** A type only, never set: the data its jobs carry. */
  readonly data?: Data
}

/**
 * One kind of background work (docs/decisions/037-job-queue.md). A job runs
 * once at a time across every process sharing the database; a failed run is
 * retried after `retry.delaySeconds` (doubled each time with `backoff`), and
 * after `retry.limit` retries stays `failed`: the dead-letter state, shown
 * in /manager/jobs for an administrator to retry or cancel.
 */
export interface JobDefinition<Data extends object = object, Name extends string = string> extends Queue<Data, Name> {
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
  run(db: Database, data: Data): Promise<void>
}

/** A job file's definition, its name kept literal (the job list's names are checked against the client's). */
export const defineJob = <const Name extends string, Data extends object = object>(job: JobDefinition<Data, Name>) =>
  job

export interface QueueRunner {
  boss: PgBoss
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

// Process-wide: nitro's entry bundle starts the runner, the SSR bundle's procedures use it.
const runners = processWide('job-runners', () => new WeakMap<Database, Promise<QueueRunner>>())

/** The runner working on `db`, if one was started in this process. */
export function queueRunnerFor(db: Database): Promise<QueueRunner> | undefined {
  return runners.get(db)
}

/**
 * Queues a job on `queue` through this process's runner, and returns its id;
 * null without a runner (a test's own database, or one not started yet): what
 * is to be sent again is then found by whatever sweeps for it.
 */
export async function enqueue<Data extends object>(
  db: Database,
  queue: Queue<Data>,
  data: Data,
  options?: PgBoss.SendOptions,
): Promise<string | null> {
  const runner = await runners.get(db)?.catch(() => undefined)
  return (await runner?.send(queue.name, data, options)) ?? null
}

/**
 * Starts pg-boss on the database the app already uses, through the handle's
 * own connection (PGlite's single one, or the PostgreSQL pool): the same
 * tables and the same SQL on both. Creates each job's queue, schedules it if
 * it has a cron, and works it; `work: false` only queues (a process that
 * serves requests but leaves the work to others).
 */
export function startQueue(
  handle: DatabaseHandle,
  jobs: readonly JobDefinition[],
  { work = true }: { work?: boolean } = {},
): Promise<QueueRunner> {
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
    for (const job of jobs) {
      const queue = {
        name: job.name,
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: job.retry.backoff,
        expireInSeconds: job.expireSeconds ?? EXPIRE_SECONDS,
      }
      // Several processes start together: another one may create it first.
      if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, queue).catch(() => {})
      await boss.updateQueue(job.name, queue)
      if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' })
      if (work) {
        const id = await boss.work<object>(job.name, { pollingIntervalSeconds: POLL_SECONDS }, async ([sent]) => {
          if (!sent) return
          // Its statements may take as long as the job may: up to its expiry, not a request's bound.
          await withQueryTimeout(EXPIRE_SECONDS * 1000, () => job.run(handle.db, sent.data))
          // pg-boss writes a completion without waiting for it: a stop right
          // after would lose it, and the job would run again once expired.
          await boss.complete(job.name, sent.id)
        })
        workers.set(job.name, id)
        if (job.runAtStart) await boss.send(job.name, {})
      }
    }
    logger.info({ queues: jobs.length, work }, 'job queue started')
    return {
      boss,
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
    } satisfies QueueRunner
  })()
  runners.set(handle.db, started)
  started.catch(() => runners.delete(handle.db))
  return started
}

/** Stops the runner on `db`, if any (SIGTERM: before the database closes). */
export async function stopQueue(db: Database, timeoutMs: number) {
  const runner = await runners.get(db)?.catch(() => undefined)
  await runner?.stop(timeoutMs)
}
