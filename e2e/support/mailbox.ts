// Reads e-mails caught by e2e/support/mail-catcher.ts from Playwright tests.
import type { CaughtMessage } from './mail-catcher'

const baseUrl = () => process.env.MAIL_CATCHER_URL ?? 'http://127.0.0.1:2526'

/** Messages sent to `email` (case-insensitive), newest first. */
export async function listMessages(email: string): Promise<CaughtMessage[]> {
  const res = await fetch(`${baseUrl()}/messages?to=${encodeURIComponent(email)}`)
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`)
  return (await res.json()) as CaughtMessage[]
}

/**
 * Waits for the newest login e-mail to `email` received at or after `after`
 * and returns the 6-digit code from its text body.
 */
export async function readLoginCode(
  email: string,
  { after = new Date(0), timeoutMs = 10_000 }: { after?: Date; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  let seen = 0
  let lastError: unknown
  for (;;) {
    try {
      const fresh = (await listMessages(email)).filter((m) => new Date(m.date) >= after)
      seen = fresh.length
      for (const message of fresh) {
        const code = /\b(\d{6})\b/.exec(message.text)?.[1]
        if (code) return code
      }
      lastError = undefined
    } catch (error) {
      // The catcher may be briefly unreachable; keep polling until the deadline.
      lastError = error
    }
    if (Date.now() >= deadline) {
      const detail = lastError
        ? `last error: ${(lastError as Error).message}`
        : `${seen} message(s) since ${after.toISOString()}, none with a 6-digit code`
      throw new Error(`No login code for ${email} within ${timeoutMs} ms at ${baseUrl()} (${detail})`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
