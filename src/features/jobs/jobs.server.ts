import { sql } from 'drizzle-orm'

import { successSchema } from '@/lib/api-schemas'
import { JOB_QUEUES, type JobQueue, type JobState } from '@/lib/jobs'
import { withPermission } from '@/server/api/procedure.server'
import type { Database } from '@/server/db/client.server'
import { apiError } from '@/server/http/api-errors.server'
import { JOBS } from '@/server/jobs/index.server'
import { JOBS_SCHEMA, queueRunnerFor } from '@/server/queue/queue.server'

import { jobInputSchema, type JobsOverview, jobsOverviewSchema, LATEST_FAILURES } from './schema'

const TAGS = ['Jobs']
const jobTable = sql.raw(`${JOBS_SCHEMA}.job`)
const rows = async <Row>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows

/** pg-boss's own queues (its cron's) stay out of the manager. */
const ourQueues = sql`name in (${sql.join(
  JOB_QUEUES.map((name) => sql`${name}`),
  sql`, `,
)})`

const emptyCounts = (): Record<JobState, number> => ({
  created: 0,
  retry: 0,
  active: 0,
  completed: 0,
  cancelled: 0,
  failed: 0,
})

/**
 * Whether pg-boss's tables exist: they are created when the queue first
 * starts, just after the app's migrations (waited for when it is starting).
 */
async function queueReady(db: Database) {
  await queueRunnerFor(db)?.catch(() => undefined)
  const [row] = await rows<{ ready: boolean }>(
    db,
    sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as ready`,
  )
  return row?.ready === true
}

/** The state of one job, or undefined when there is none (archived jobs are gone from the manager). */
async function jobState(db: Database, queue: JobQueue, id: string) {
  if (!(await queueReady(db))) return undefined
  const [row] = await rows<{ state: JobState }>(
    db,
    sql`select state from ${jobTable} where name = ${queue} and id = ${id}::uuid`,
  )
  return row?.state
}

/** The runner of this process: retry and cancel go through pg-boss itself. */
async function runnerOf(db: Database) {
  const runner = await queueRunnerFor(db)?.catch(() => undefined)
  if (!runner) throw apiError('SERVICE_UNAVAILABLE')
  return runner
}

const overview = withPermission({ job: ['list'] })
  .route({ method: 'GET', path: '/jobs', summary: 'Job queues, counts by state and the latest failures', tags: TAGS })
  .output(jobsOverviewSchema)
  .handler(async ({ context: { db } }): Promise<JobsOverview> => {
    if (!(await queueReady(db))) return { queues: JOBS.map((job) => queueOf(job, [])), failures: [] }
    const [counts, failures] = await Promise.all([
      rows<{ name: JobQueue; state: JobState; n: number }>(
        db,
        sql`select name, state::text as state, count(*)::int as n from ${jobTable} where ${ourQueues} group by 1, 2`,
      ),
      rows<{
        id: string
        queue: JobQueue
        state: 'retry' | 'failed'
        error: unknown
        retryCount: number
        at: Date | string
      }>(
        db,
        sql`select id::text, name as queue, state::text as state, output as error, retry_count as "retryCount",
                   coalesce(completed_on, started_on, created_on) as at
            from ${jobTable}
            where ${ourQueues} and state in ('retry', 'failed')
            order by at desc limit ${LATEST_FAILURES}`,
      ),
    ])
    return {
      queues: JOBS.map((job) => queueOf(job, counts)),
      failures: failures.map(({ error, at, ...failure }) => ({
        ...failure,
        error: errorMessage(error),
        failedAt: new Date(at).toISOString(),
      })),
    }
  })

function queueOf(
  { name, schedule }: (typeof JOBS)[number],
  counts: Array<{ name: JobQueue; state: JobState; n: number }>,
) {
  return {
    name,
    schedule: schedule ?? null,
    counts: Object.assign(
      emptyCounts(),
      Object.fromEntries(counts.filter((row) => row.name === name).map((row) => [row.state, row.n])),
    ),
  }
}

/** pg-boss keeps a failure's error as JSON (`{ message, stack… }`); the manager shows its message. */
function errorMessage(output: unknown): string {
  const value = typeof output === 'string' ? safeJson(output) : output
  const message = (value as { message?: unknown; value?: { message?: unknown } } | null)?.message
  const nested = (value as { value?: { message?: unknown } } | null)?.value?.message
  return String(message ?? nested ?? '').slice(0, 1000)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return { message: text }
  }
}

const retry = withPermission({ job: ['retry'] })
  .route({ method: 'POST', path: '/jobs/{queue}/{id}/retry', summary: 'Run a failed job again', tags: TAGS })
  .input(jobInputSchema)
  .output(successSchema)
  .handler(async ({ context: { db }, input }) => {
    const state = await jobState(db, input.queue, input.id)
    if (!state) throw apiError('NOT_FOUND')
    if (state !== 'failed') throw apiError('CONFLICT', 'jobs:errors.notFailed')
    await (await runnerOf(db)).boss.retry(input.queue, input.id)
    return { success: true }
  })

const cancel = withPermission({ job: ['cancel'] })
  .route({
    method: 'POST',
    path: '/jobs/{queue}/{id}/cancel',
    summary: 'Cancel a job that has not finished',
    tags: TAGS,
  })
  .input(jobInputSchema)
  .output(successSchema)
  .handler(async ({ context: { db }, input }) => {
    const state = await jobState(db, input.queue, input.id)
    if (!state) throw apiError('NOT_FOUND')
    if (!['created', 'retry', 'active'].includes(state)) throw apiError('CONFLICT', 'jobs:errors.finished')
    await (await runnerOf(db)).boss.cancel(input.queue, input.id)
    return { success: true }
  })

export const jobsRouter = { overview, retry, cancel }
