import { beforeAll, describe, expect, it } from 'vitest'

import { sessionCookieRules } from '@/server/auth/internals.server'
import { readSession } from '@/server/fast-paths/session-read.server'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { AUTH_NAMES, cookieHeader } from '@/test/cookie-headers'
import { seededChoices } from '@/test/seeded-random'

import { AUTH_COOKIE_PREFIX, hasAuthCookie } from './cookies.server'

// The property of issue 26 on a real database, with a live session's signed
// cookie in every spelling: when the cache's verdict is "anonymous", neither
// our one-query session read nor better-auth's own getSession finds a
// session; and both always find the same one.

let api: ApiHarness
let signed: string

beforeAll(async () => {
  api = await createApiHarness()
  const cookie = (await api.cookie('admin'))!
  signed = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
})

describe('the verdict "anonymous", for arbitrary Cookie headers holding a live session', () => {
  it('keeps auth.server.ts on the cookie prefix the verdict looks for', async () => {
    const { sessionCookie, dontRememberCookie } = await sessionCookieRules(api.auth)
    expect(sessionCookie.startsWith(AUTH_COOKIE_PREFIX)).toBe(true)
    expect(AUTH_NAMES).toContain(sessionCookie)
    expect(AUTH_NAMES).toContain(dontRememberCookie)
  })

  const SEED = 2026
  const RUNS = 400

  it(`implies that no session is read, by us or by better-auth (seed ${SEED}, ${RUNS} headers)`, async () => {
    const rng = seededChoices(SEED)
    const seen = { anonymous: 0, signedIn: 0 }
    for (let run = 0; run < RUNS; run++) {
      const header = cookieHeader(rng, signed)
      const headers = new Headers({ cookie: header })
      const context = `header ${JSON.stringify(header.length > 300 ? `${header.slice(0, 300)}…` : header)} (run ${run})`
      const ours = await readSession(api.auth, api.db, headers)
      const theirs = await api.auth.api.getSession({ headers })
      expect(ours?.user.email, context).toBe(theirs?.user.email)
      if (theirs) seen.signedIn++
      if (hasAuthCookie(header)) continue
      seen.anonymous++
      expect(ours, context).toBeNull()
      expect(theirs, context).toBeNull()
    }
    expect(seen.anonymous).toBeGreaterThan(RUNS / 20)
    expect(seen.signedIn).toBeGreaterThan(RUNS / 20)
  })
})
