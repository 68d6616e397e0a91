import { dateTimeSchema } from '@/lib/api-schemas'
import { z } from '@/lib/i18n/zod'
import { JOB_QUEUES, JOB_STATES } from '@/lib/jobs'

/** How many of the latest failures the jobs page shows. */
export const LATEST_FAILURES = 20

const queueSchema = z.object({
  name: z.enum(JOB_QUEUES),
  /** Cron (UTC) of a scheduled job, null for one queued on demand. */
  schedule: z.string().nullable(),
  counts: z.object(
    Object.fromEntries(JOB_STATES.map((state) => [state, z.number().int().nonnegative()])) as {
      [State in (typeof JOB_STATES)[number]]: z.ZodNumber
    },
  ),
})

const failureSchema = z.object({
  id: z.string(),
  queue: z.enum(JOB_QUEUES),
  /** `retry`: it will run again; `failed`: its retries are spent (dead letter). */
  state: z.enum(['retry', 'failed']),
  error: z.string(),
  retryCount: z.number().int().nonnegative(),
  failedAt: dateTimeSchema,
})
export type JobFailure = z.infer<typeof failureSchema>

export const jobsOverviewSchema = z.object({
  queues: z.array(queueSchema),
  failures: z.array(failureSchema),
})
export type JobsOverview = z.infer<typeof jobsOverviewSchema>

/** One job: its queue and its id (the `{queue}` and `{id}` of the REST path). */
export const jobInputSchema = z.object({ queue: z.enum(JOB_QUEUES), id: z.uuid() })
