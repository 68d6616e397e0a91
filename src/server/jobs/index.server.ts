import { JOB_QUEUES, type JobQueue } from '@/lib/jobs'
import type { Database, DatabaseHandle } from '@/server/db/client.server'
import { type JobDefinition, type QueueRunner, startQueue, stopQueue } from '@/server/queue/queue.server'

import cleanupAudit from './cleanup-audit.job.server'
import cleanupOrphanedPictures from './cleanup-orphaned-pictures.job.server'
import cleanupSentEmails from './cleanup-sent-emails.job.server'
import cleanupSessions from './cleanup-sessions.job.server'
import cleanupSignInBudgets from './cleanup-sign-in-budgets.job.server'
import cleanupVerifications from './cleanup-verifications.job.server'
import cleanupWebVitals from './cleanup-web-vitals.job.server'
import emailSend from './email-send.job.server'
import emailSweep from './email-sweep.job.server'
import searchSlices from './search-slices.job.server'

/**
 * Every job the app runs (docs/decisions/037-job-queue.md), one file each in this folder,
 * `<queue name, its dot a dash>.job.server.ts`, by the names the client knows (JOB_QUEUES,
 * src/lib/jobs.ts): a name there without its job here, or the other way round, fails to compile,
 * and so does a name without its label in src/locales/en/jobs.json; jobs.test.ts fails on a job
 * file left out of this list.
 */
const JOBS_BY_QUEUE = {
  'email.send': emailSend,
  'email.sweep': emailSweep,
  'search.slices': searchSlices,
  'cleanup.sessions': cleanupSessions,
  'cleanup.verifications': cleanupVerifications,
  'cleanup.sign-in-budgets': cleanupSignInBudgets,
  'cleanup.audit': cleanupAudit,
  'cleanup.sent-emails': cleanupSentEmails,
  'cleanup.orphaned-pictures': cleanupOrphanedPictures,
  'cleanup.web-vitals': cleanupWebVitals,
} satisfies { [Name in JobQueue]: JobDefinition<object, Name> }

/** The jobs in JOB_QUEUES' order, the order /manager/jobs lists them in. */
export const JOBS = JOB_QUEUES.map((name) => JOBS_BY_QUEUE[name])

/**
 * Starts the queue with every job: created, scheduled and, unless `work: false` (a process that only
 * queues), worked by this process. Once per database: a second call returns the first runner.
 */
export function startJobs(handle: DatabaseHandle, options?: { work?: boolean }): Promise<QueueRunner> {
  return startQueue(handle, JOBS, options)
}

/** Lets the running jobs finish (up to `timeoutMs`), then stops the queue (SIGTERM: before the database closes). */
export function stopJobs(db: Database, timeoutMs: number): Promise<void> {
  return stopQueue(db, timeoutMs)
}
