/**
 * The app's job queues, by name: each is one job file in src/server/jobs/ (its index checks
 * both lists against each other), listed in this order on /manager/jobs with its name translated
 * (src/locales/<lng>/jobs.json, `names.*`).
 */
export const JOB_QUEUES = [
  'email.send',
  'email.sweep',
  'search.slices',
  'cleanup.sessions',
  'cleanup.verifications',
  'cleanup.sign-in-budgets',
  'cleanup.audit',
  'cleanup.sent-emails',
  'cleanup.orphaned-pictures',
  'cleanup.web-vitals',
] as const
export type JobQueue = (typeof JOB_QUEUES)[number]

/** pg-boss's job states, from waiting to done. `failed`: retries spent, the dead-letter state. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]
