/**
 * The app's job queues, by name (src/server/jobs/definitions.server.ts runs
 * them; /manager/jobs lists them, in this order, with their names translated).
 */
export const JOB_QUEUES = [
  'email.send',
  'email.sweep',
  'cleanup.sessions',
  'cleanup.verifications',
  'cleanup.sign-in-budgets',
  'cleanup.audit',
  'cleanup.sent-emails',
  'cleanup.orphaned-pictures',
  'cleanup.web-vitals',
  'search.slices',
] as const
export type JobQueue = (typeof JOB_QUEUES)[number]

/** pg-boss's job states, from waiting to done. `failed`: retries spent, the dead-letter state. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]
