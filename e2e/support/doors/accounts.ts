// Callers for the door tests and the fuzzer, signed in over HTTP with an e-mail code.
// The API walks use throwaway accounts (a fresh user, and a fresh admin created by
// the seeded admin), so that a walk may sign out, delete or rename its caller
// without touching the seeded accounts that later specs sign in to.
import { ask, json, sessionCookieOf } from './http'

export type Role = 'anonymous' | 'user' | 'admin'
export const ROLES: Role[] = ['anonymous', 'user', 'admin']

export const SEEDED_ADMIN = 'admin@admin.com'
export const SEEDED_USER = 'user@user.com'

/** Reads the newest login code e-mailed to an address since a time. */
export type CodeReader = (email: string, after: Date) => Promise<string>

function throwawayEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Signs `email` in by e-mail code (an unknown address signs up) and returns the session cookie. */
export async function signInOverHttp(baseURL: string, email: string, readCode: CodeReader): Promise<string> {
  const after = new Date()
  const sent = await json(baseURL, 'POST', '/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })
  if (sent.status !== 200) throw new Error(`no code sent to ${email}: ${sent.status} ${sent.body}`)
  const otp = await readCode(email, after)
  const signedIn = await json(baseURL, 'POST', '/api/auth/sign-in/email-otp', { email, otp })
  const cookie = sessionCookieOf(signedIn)
  if (signedIn.status !== 200 || !cookie) throw new Error(`${email} not signed in: ${signedIn.status} ${signedIn.body}`)
  return cookie
}

/** The role of the session behind `cookie`, or undefined when it is gone. */
export async function roleOf(baseURL: string, cookie: string): Promise<string | undefined> {
  const answer = await ask(baseURL, { method: 'GET', path: '/api/auth/get-session', cookie })
  if (answer.status !== 200) return undefined
  const session = JSON.parse(answer.body || 'null') as { user?: { role?: string } } | null
  return session?.user ? (session.user.role ?? 'user') : undefined
}

/**
 * A caller of one role whose session may be lost at any request (signed out,
 * revoked, deleted, demoted): `cookie()` checks and recreates it when asked to.
 */
export class Caller {
  // Promises, so that concurrent requests share one sign-in (a second code would void the first).
  private current: Promise<string> | undefined
  private adminCookie: Promise<string> | undefined
  private checking: Promise<void> | undefined

  constructor(
    readonly role: Role,
    private readonly baseURL: string,
    private readonly readCode: CodeReader,
  ) {}

  /** The caller's session cookie (none when signed out), recreated if `check` finds it lost. */
  async cookie(check = false): Promise<string | undefined> {
    if (this.role === 'anonymous') return undefined
    if (check && this.current) {
      this.checking ??= this.check().finally(() => (this.checking = undefined))
      await this.checking
    }
    this.current ??= this.fresh()
    return this.current
  }

  private async check() {
    const current = this.current
    const cookie = await current?.catch(() => undefined)
    if (!cookie || (await roleOf(this.baseURL, cookie)) !== this.role) {
      if (this.current === current) this.current = undefined
    }
  }

  private async fresh(): Promise<string> {
    const email = throwawayEmail(`doors-${this.role}`)
    if (this.role === 'admin') {
      // The seeded admin creates the throwaway admin: its own session is never handed out.
      this.adminCookie ??= signInOverHttp(this.baseURL, SEEDED_ADMIN, this.readCode)
      const created = await json(
        this.baseURL,
        'POST',
        '/api/rest/users',
        { name: 'Doors Admin', email, role: 'admin' },
        await this.adminCookie,
      )
      if (created.status !== 201) throw new Error(`no throwaway admin: ${created.status} ${created.body}`)
    }
    return signInOverHttp(this.baseURL, email, this.readCode)
  }
}
