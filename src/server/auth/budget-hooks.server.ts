import { defineRequestState } from '@better-auth/core/context'
import { APIError, type createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'

import type { Database } from '@/server/db/client.server'
import { passkey } from '@/server/db/schema'
import { signInRefusalTally } from '@/server/platform/tallies.server'

import { type Budget, BUDGETS, type BudgetStore, type Hit } from './budgets.server'
import { DEMO_MUTATING_GETS, DEMO_READ_ONLY_POSTS } from './demo-policy.server'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** Endpoints that e-mail a code, and the body field naming the address it goes to. */
const SEND_PATHS: Record<string, string> = {
  '/email-otp/send-verification-otp': 'email',
  '/email-otp/request-email-change': 'newEmail',
  '/email-otp/request-password-reset': 'email',
  '/forget-password/email-otp': 'email',
  '/send-verification-email': 'email',
}

/** Endpoints that check a code, and the body field naming the address it was sent to. */
const GUESS_PATHS: Record<string, string> = {
  '/sign-in/email-otp': 'email',
  '/email-otp/check-verification-otp': 'email',
  '/email-otp/verify-email': 'email',
  '/email-otp/reset-password': 'email',
  '/email-otp/change-email': 'newEmail',
}

/** The steps of adding a passkey, counted for the signed-in account. */
const PASSKEY_REGISTRATION_PATHS = ['/passkey/generate-register-options', '/passkey/verify-registration']

/** A passkey sign-in's answer, which names the passkey (so the account); given back when it was right. */
const PASSKEY_ASSERTION_PATH = '/passkey/verify-authentication'

/** The hits of this request, given back when its code (or passkey) was right. */
const spent = defineRequestState<Hit[]>(() => [])

const READ_ONLY_POSTS: readonly string[] = DEMO_READ_ONLY_POSTS
const MUTATING_GETS: readonly string[] = DEMO_MUTATING_GETS

/** The HTTP body of a refusal; the pages turn `retryAfter` into 'try again in …'. */
function tooManyRequests(retryAfterSeconds: number) {
  return new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests. Try again in ${retryAfterSeconds} seconds.`,
      retryAfter: retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  )
}

/**
 * The sign-in budgets (budgets.server.ts) applied to /api/auth/* requests,
 * before better-auth's endpoint runs: codes e-mailed and codes tried per
 * address and per client address, passkeys added and tried per account, other
 * writes per client address. Reads (GET, and the read-only POSTs) are never
 * counted. A code or passkey that was right is given back, so only failed tries
 * use the guess budgets. Calls made by the server itself (`auth.api.*`, no
 * request) are not counted.
 */
export function budgetHooks(store: BudgetStore, clientIpHeader: string, db: Database) {
  /** The account of the passkey a sign-in's answer names (its credential id), if any. */
  async function passkeyOwner(body: Record<string, unknown>) {
    const credentialId = (body.response as { id?: unknown } | undefined)?.id
    if (typeof credentialId !== 'string' || !credentialId) return undefined
    const [found] = await db
      .select({ userId: passkey.userId })
      .from(passkey)
      .where(eq(passkey.credentialID, credentialId))
    return found?.userId
  }

  async function spend(budgets: Array<[Budget, string | undefined]>) {
    const hits: Hit[] = []
    for (const [budget, subject] of budgets) {
      if (!subject) continue
      const result = await store.take(budget, subject)
      if (!result.ok) {
        signInRefusalTally.inc({ reason: budget.name })
        throw tooManyRequests(result.retryAfterSeconds)
      }
      hits.push(result.hit)
    }
    await spent.set(hits)
  }

  return {
    async before(ctx: HookContext) {
      const request = ctx.request
      if (!request) return
      const client = request.headers.get(clientIpHeader) ?? undefined
      const method = request.method.toUpperCase()
      const path = ctx.path
      const body = (ctx.body ?? {}) as Record<string, unknown>
      if (Object.hasOwn(SEND_PATHS, path)) {
        return spend([
          [BUDGETS.codesPerClientBurst, client],
          [BUDGETS.codesPerClientDay, client],
          [BUDGETS.codesPerAddress, mailbox(body[SEND_PATHS[path]!])],
        ])
      }
      if (Object.hasOwn(GUESS_PATHS, path)) {
        return spend([
          [BUDGETS.guessesPerClient, client],
          [BUDGETS.guessesPerAddress, mailbox(body[GUESS_PATHS[path]!])],
        ])
      }
      const write =
        method === 'GET' || method === 'HEAD' ? MUTATING_GETS.includes(path) : !READ_ONLY_POSTS.includes(path)
      if (!write) return
      if (PASSKEY_REGISTRATION_PATHS.includes(path)) {
        const account = (await getSessionFromCtx(ctx))?.user.id
        return spend([
          [BUDGETS.writesPerClient, client],
          [BUDGETS.passkeyRegistrationsPerAccount, account],
        ])
      }
      if (path === PASSKEY_ASSERTION_PATH) {
        return spend([
          [BUDGETS.writesPerClient, client],
          [BUDGETS.passkeyFailuresPerAccount, await passkeyOwner(body)],
        ])
      }
      return spend([[BUDGETS.writesPerClient, client]])
    },

    /** A right code (or passkey) is not a failed try: its guesses are given back. */
    async after(ctx: HookContext) {
      if (!ctx.request || !(Object.hasOwn(GUESS_PATHS, ctx.path) || ctx.path === PASSKEY_ASSERTION_PATH)) return
      if (isAPIError(ctx.context.returned)) {
        signInRefusalTally.inc({ reason: refusalReason(ctx.context.returned) })
        return
      }
      const hits = await spent.get()
      await spent.set([])
      await Promise.all(hits.map((hit) => store.refund(hit)))
    },
  }
}

/** better-auth's error code (`INVALID_OTP`, `OTP_EXPIRED`, `BANNED_USER`…), a fixed set of its own. */
function refusalReason(error: unknown): string {
  const code = (error as { body?: { code?: unknown } }).body?.code
  return typeof code === 'string' && /^[A-Z_]{1,40}$/.test(code) ? code.toLowerCase() : 'other'
}

/**
 * The mailbox a budget counts for: the address as better-auth compares them
 * (lower case), trimmed, without a `+tag` (`victim+1@…` reaches the inbox of
 * `victim@…`, so it must not get five codes of its own). Dots stay: only some
 * providers ignore them.
 */
export function mailbox(value: unknown) {
  if (typeof value !== 'string' || !value.trim()) return undefined
  const address = value.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  const plus = address.indexOf('+')
  // A plus that starts the local part is no tag: nothing would be left of it.
  return plus > 0 && plus < at ? address.slice(0, plus) + address.slice(at) : address
}
