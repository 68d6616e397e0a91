import { OTP_EXPIRES_MINUTES } from '@/lib/auth/otp'
import { LEASE_SECONDS, SEND_EMAIL_QUEUE, sendFromOutbox } from '@/server/email/outbox.server'
import { defineJob } from '@/server/queue/queue.server'

/** Every 5 s while a sign-in code is valid: a code must arrive within seconds of the mail server's return. */
const RETRY_SECONDS = 5

/** Sends an outbox message that did not go at once (src/server/email/outbox.server.ts queues it). */
export default defineJob({
  // 'email.send': the outbox's queue, whose data is what sendFromOutbox takes.
  ...SEND_EMAIL_QUEUE,
  // No backoff: a doubling delay would leave a code waiting minutes after the server is back.
  retry: { limit: (OTP_EXPIRES_MINUTES * 60) / RETRY_SECONDS, delaySeconds: RETRY_SECONDS, backoff: false },
  // A run ends within its lease: one left running by a killed process runs again 15-23 s after it started.
  expireSeconds: LEASE_SECONDS,
  run: sendFromOutbox,
})
