import { getSessionCookie, parseCookies as betterAuthParseCookies } from 'better-auth/cookies'
import { describe, expect, it } from 'vitest'

import { cookieHeader } from '@/test/cookie-headers'
import { seededChoices } from '@/test/seeded-random'

import { AUTH_COOKIE_PREFIX, cookieValue, hasAuthCookie, parseCookies } from './cookies.server'

describe('parseCookies', () => {
  it('reads each pair once, trimmed, quoted and percent-decoded as better-call reads them', () => {
    const cookies = parseCookies(' a=1; b = "two" ;c=t%2Es;\u00a0d=%ZZ; a=again; e; f=')
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'two'],
      ['c', 't.s'],
      ['d', '%ZZ'],
      ['f', ''],
    ])
    expect(parseCookies(null).size).toBe(0)
    expect(cookieValue('xbetter-auth.session_token=1', 'better-auth.session_token')).toBeUndefined()
    expect(cookieValue('i18next=fr;sidebar_state=collapsed', 'sidebar_state')).toBe('collapsed')
  })
})

describe('hasAuthCookie', () => {
  it.each([
    'better-auth.session_token=abc',
    'i18next=en; __Secure-better-auth.session_token=abc',
    '\u00a0better-auth.session_token=abc',
    'a=1;\u000bbetter-auth.session_token=abc',
    '\u000cbetter-auth.session_token=abc',
    'BETTER-AUTH.SESSION_TOKEN=abc',
    '__Host-better-auth.session_token=abc',
    'better-auth-session_token=abc',
    'better-auth.dont_remember=x',
    'better-auth.session_token=',
  ])('sees a possible session in %j', (header) => {
    expect(hasAuthCookie(header)).toBe(true)
  })

  it.each([
    null,
    '',
    'i18next=en',
    'better-auth',
    'a=better-auth.session_token',
    'sidebar_state=collapsed; theme=dark',
  ])('sees none in %j', (header) => {
    expect(hasAuthCookie(header)).toBe(false)
  })
})

// The property of issue 26: whatever a client sends, when the cache's verdict
// is "anonymous", no reader of the header (ours, better-auth's own) finds a
// better-auth cookie, let alone a session token.
describe('the verdict "anonymous", for arbitrary Cookie headers', () => {
  const SEED = 26
  const RUNS = 20_000
  const session = 'tokentokentokentoken.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dT0='

  it(`implies that no reader finds a session cookie (seed ${SEED}, ${RUNS} headers)`, () => {
    const rng = seededChoices(SEED)
    let anonymous = 0
    let found = 0
    for (let run = 0; run < RUNS; run++) {
      const header = cookieHeader(rng, session)
      const byBetterAuth = getSessionCookie({ get: () => header } as unknown as Headers)
      if (byBetterAuth) found++
      if (hasAuthCookie(header)) continue
      anonymous++
      const context = `header ${JSON.stringify(header)} (run ${run})`
      expect(byBetterAuth, context).toBeNull()
      // Through Headers too, which trims the value's ends as a server's HTTP parser does.
      expect(getSessionCookie(new Headers({ cookie: header })), context).toBeNull()
      const names = [...betterAuthParseCookies(header).keys(), ...parseCookies(header).keys()]
      expect(
        names.filter((name) => name.toLowerCase().includes(AUTH_COOKIE_PREFIX)),
        context,
      ).toEqual([])
    }
    // The generator reaches both sides of the verdict, and better-auth finds sessions in it.
    expect(anonymous).toBeGreaterThan(RUNS / 20)
    expect(found).toBeGreaterThan(RUNS / 100)
  })
})
