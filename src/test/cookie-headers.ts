/**
 * Arbitrary Cookie headers for property tests (issue 26), from a seeded
 * generator so a failure names its seed and replays: the odd spellings a
 * client can send of better-auth's cookies among ordinary ones.
 */

import type { SeededChoices as Random } from './seeded-random'

/**
 * What may stand around a name or a value: the whitespace each reader trims
 * or keeps (space, tab, NBSP, vertical tab, form feed), and NEL, which none trims.
 */
const PADDING = ['', '', '', ' ', '  ', '\t', '\u00a0', '\u00a0\u00a0', ' \u00a0', '\u000b', '\u000c', '\u0085']

/** better-auth's cookie names as a client may spell them: prefixes, casing, separators. */
export const AUTH_NAMES = [
  'better-auth.session_token',
  '__Secure-better-auth.session_token',
  '__Host-better-auth.session_token',
  '__secure-better-auth.session_token',
  'better-auth-session_token',
  'Better-Auth.session_token',
  'BETTER-AUTH.SESSION_TOKEN',
  'better-auth.dont_remember',
  'better-auth.session_data',
  'better-auth.session_token.0',
] as const

const PLAIN_NAMES = ['i18next', 'sidebar_state', 'a', 'theme', 'session_token', 'better_auth', 'auth.session', '']

const CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=%"\',!* '

function text(rng: Random, length: number) {
  let out = ''
  for (let index = 0; index < length; index++) out += rng.pick([...CHARACTERS])
  return out
}

function value(rng: Random, session: string | undefined) {
  const kind = rng.next()
  if (session && kind < 0.35) {
    const spelled = rng.pick([session, encodeURIComponent(session), `"${session}"`, `"${encodeURIComponent(session)}"`])
    return spelled
  }
  if (kind < 0.45) return ''
  if (kind < 0.5) return 'x'.repeat(4096)
  if (kind < 0.55) return '%ZZ'
  return text(rng, 1 + Math.floor(rng.next() * 40))
}

/**
 * One Cookie header of 0 to 6 pairs: names from better-auth's (in every
 * spelling) and ordinary ones, each padded on either side, values empty,
 * quoted, percent-encoded, malformed or 4 KB, duplicates, pairs with no `=`,
 * separators with and without a space. With `session` (a signed cookie's
 * value), better-auth names often carry it.
 */
export function cookieHeader(rng: Random, session?: string): string {
  const pairs: string[] = []
  const count = Math.floor(rng.next() * 7)
  for (let index = 0; index < count; index++) {
    const name = rng.chance(0.5) ? rng.pick(AUTH_NAMES) : rng.pick(PLAIN_NAMES)
    const padded = `${rng.pick(PADDING)}${name}${rng.pick(PADDING)}`
    if (rng.chance(0.08)) pairs.push(padded)
    else pairs.push(`${padded}=${rng.pick(PADDING)}${value(rng, session)}${rng.pick(PADDING)}`)
    // The same cookie twice, as a client with two of them (two paths) sends it.
    if (rng.chance(0.1)) pairs.push(pairs.at(-1)!)
  }
  return pairs.map((pair, index) => (index === 0 ? pair : `${rng.pick([';', '; ', ';;'])}${pair}`)).join('')
}
