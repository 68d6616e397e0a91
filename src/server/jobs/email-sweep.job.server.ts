import { sweepOutbox } from '@/server/email/outbox.server'
import { defineJob } from '@/server/queue/queue.server'

/** Drops the outbox's messages that can no longer go, and queues the others again (src/server/email/outbox.server.ts). */
export default defineJob({
  name: 'email.sweep',
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  schedule: '* * * * *',
  // At start too: a restarted server re-queues at once what its killed predecessor was sending in a request.
  runAtStart: true,
  run: (db) => sweepOutbox(db),
})
