import { lt, sql } from 'drizzle-orm'

import type { Database } from '@/server/db/client.server'
import { authBudget } from '@/server/db/schema'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export interface Budget {
  /** Part of the counter's key: `<name>:<subject>`. */
  name: string
  /** At most this many requests in any span of `windowMs` (a rolling window). */
  limit: number
  windowMs: number
}

/**
 * Every sign-in limit, in one place (docs/sign-in.md#sign-in-limits gives the odds).
 * Windows roll: a request counts for exactly `windowMs` after it was made, so
 * no span of that length ever holds more than `limit`, and a request never
 * extends the window of those before it.
 */
export const BUDGETS = {
  /** Codes e-mailed to one address (sign-in, change of e-mail, any type). */
  codesPerAddress: { name: 'codes-per-address', limit: 5, windowMs: HOUR },
  /**
   * Failed tries at the codes of one address, whatever the client and however
   * many codes were sent (a new code does not reset it): at most 10 per 6
   * hours, so at most 40 in any day, and the odds of guessing a 6-digit code
   * within a day stay at most 40 in 1,000,000 (1 in 25,000).
   */
  guessesPerAddress: { name: 'guesses-per-address', limit: 10, windowMs: 6 * HOUR },
  /**
   * Codes requested from one client address: 50 people behind one NAT can all
   * ask within a minute (with resends), one machine cannot spray thousands of
   * addresses (at most 500 a day).
   */
  codesPerClientBurst: { name: 'codes-per-client', limit: 100, windowMs: 10 * MINUTE },
  codesPerClientDay: { name: 'codes-per-client-day', limit: 500, windowMs: 24 * HOUR },
  /** Failed tries at codes from one client address. */
  guessesPerClient: { name: 'guesses-per-client', limit: 100, windowMs: 10 * MINUTE },
  /**
   * Steps of the ceremonies that add a passkey to one account (its options, its
   * answer; each counts): ten whole ceremonies an hour, or twenty dismissed.
   */
  passkeyRegistrationsPerAccount: { name: 'passkey-registrations-per-account', limit: 20, windowMs: HOUR },
  /**
   * Failed passkey sign-ins with a passkey of one account (the answer names the
   * passkey, so the account), from any client: a right one is given back.
   */
  passkeyFailuresPerAccount: { name: 'passkey-failures-per-account', limit: 10, windowMs: HOUR },
  /** Any other write of /api/auth/* (sign-out, account, admin) from one client address. */
  writesPerClient: { name: 'writes-per-client', limit: 300, windowMs: MINUTE },
  /** Pictures uploaded by one account (so at most 50 × MAX_UPLOAD_BYTES read a day), and from one client address. */
  picturesPerAccount: { name: 'pictures-per-account', limit: 50, windowMs: 24 * HOUR },
  picturesPerClient: { name: 'pictures-per-client', limit: 100, windowMs: 10 * MINUTE },
  /**
   * Core Web Vitals reports from one client address (a page sends one or two
   * as it is hidden): a person's pages many times over, while one machine
   * cannot flood the table. A report refused is a measure lost, nothing more.
   */
  vitalsPerClient: { name: 'vitals-per-client', limit: 100, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Budget>

/** Milliseconds since the epoch; tests pass their own. */
export type Clock = () => number

/** A request counted in a budget, which `refund` can take back. */
export interface Hit {
  key: string
  at: number
}

export type TakeResult = { ok: true; hit: Hit } | { ok: false; retryAfterSeconds: number }

/** How often (in counted requests per process) the expired counters are deleted. */
const PURGE_EVERY = 500

/**
 * Budgets as rows of `auth_budget` (one per key, with the times of its hits),
 * so that every app process on the database shares them. Each step is one
 * atomic statement: of concurrent requests, exactly `limit` get through.
 */
export function budgetStore(db: Database, clock: Clock = Date.now) {
  let sincePurge = 0

  async function take(budget: Budget, subject: string): Promise<TakeResult> {
    const key = `${budget.name}:${subject}`
    const now = clock()
    const since = now - budget.windowMs
    // The update runs on the locked row, so the count and the append cannot interleave.
    const taken = await db.execute(sql`
      insert into auth_budget as b (key, hits, expires_at)
      values (${key}, array[${now}]::bigint[], ${now + budget.windowMs})
      on conflict (key) do update
        set hits = array(select h from unnest(b.hits) as h where h > ${since} order by h) || ${now}::bigint,
            expires_at = ${now + budget.windowMs}
        where (select count(*) from unnest(b.hits) as h where h > ${since}) < ${budget.limit}
      returning 1 as taken`)
    if (++sincePurge >= PURGE_EVERY) {
      sincePurge = 0
      await db.delete(authBudget).where(lt(authBudget.expiresAt, now))
    }
    if (rowsOf(taken).length > 0) return { ok: true, hit: { key, at: now } }
    // Full: a slot frees when the oldest hit in the window leaves it.
    const oldest = rowsOf<{ oldest: string | number | null }>(
      await db.execute(sql`
        select min(h) as oldest from auth_budget, unnest(hits) as h where key = ${key} and h > ${since}`),
    )[0]?.oldest
    const freesAt = (oldest === null || oldest === undefined ? now : Number(oldest)) + budget.windowMs
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / SECOND)) }
  }

  /** Takes back one counted request (e.g. a code that was right is not a failed try). */
  async function refund(hit: Hit) {
    await db.execute(sql`
      update auth_budget
        set hits = hits[:array_position(hits, ${hit.at}::bigint) - 1] || hits[array_position(hits, ${hit.at}::bigint) + 1:]
        where key = ${hit.key} and array_position(hits, ${hit.at}::bigint) is not null`)
  }

  return { take, refund, clock }
}

export type BudgetStore = ReturnType<typeof budgetStore>

/** node-postgres answers `{ rows }`, PGlite too; drizzle passes either through. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}
