import { expect } from 'vitest'

import type { Auth } from '@/server/auth/auth.server'
import { listDevMailbox } from '@/server/email/dev-mailbox.server'

/** The base URL the test auth instances are built with. */
export const TEST_BASE_URL = 'http://localhost:3000'

type Fetch = (path: string, init?: { body?: unknown; headers?: Record<string, string> }) => Promise<Response>

/** Requests to /api/auth/* of an auth instance, as a browser of this site sends them. */
export function authRequests(instance: () => Auth): { post: Fetch; get: Fetch } {
  return {
    post: (path, { body, headers } = {}) =>
      instance().handler(
        new Request(`${TEST_BASE_URL}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, ...headers },
          body: JSON.stringify(body ?? {}),
        }),
      ),
    get: (path, { headers } = {}) => instance().handler(new Request(`${TEST_BASE_URL}/api/auth${path}`, { headers })),
  }
}

/** The code from the latest e-mail to `email` in the dev mailbox, as a user reads it. */
export function readCode(email: string) {
  const mail = listDevMailbox().find((entry) => entry.to === email)
  if (!mail) throw new Error(`no e-mail to ${email} in the outbox`)
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no 6-digit code in the e-mail text:\n${mail.text}`)
  return code
}

export async function errorCode(response: Response) {
  return ((await response.json()) as { code?: string }).code
}

/** `name=value` of the session cookie set by a response, for the next request. */
export function sessionCookie(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => /^(__Secure-)?better-auth\.session_token=./.test(pair))
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`)
  return cookie
}

/** Signs `email` in with a code from the outbox; returns the session cookie. */
export async function signInWithCode(api: { post: Fetch }, email: string) {
  const sent = await api.post('/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } })
  expect(sent.status, await sent.clone().text()).toBe(200)
  const response = await api.post('/sign-in/email-otp', { body: { email, otp: readCode(email) } })
  expect(response.status, await response.clone().text()).toBe(200)
  return sessionCookie(response)
}
