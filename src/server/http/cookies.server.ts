/**
 * The server's one reading of the Cookie header (issue 26). Everything that
 * reads a cookie of a request goes through `parseCookies`: the session read,
 * the language, the sidebar state, and the verdict "no session here" of the
 * page cache and of the `/get-session` shortcut (`hasAuthCookie`). Two
 * readings that can disagree were how a signed-in page was kept and served
 * to anonymous visitors: `\u00a0better-auth.session_token=…` was a session
 * for the render (which trims NBSP) and none for the cache (which did not).
 */

/** The start of every better-auth cookie name (`advanced.cookiePrefix` in auth.server.ts). */
export const AUTH_COOKIE_PREFIX = 'better-auth'

/**
 * The cookies of a Cookie header, by name, read as better-call reads them
 * for better-auth's `getSession` (so our one-query session read and
 * better-auth find the same token): pairs split at `;`, the name before the
 * first `=`, name and value trimmed with `String.prototype.trim` (the widest
 * trim of any reader: spaces, tabs, NBSP, form feeds…), a value starting
 * with `"` loses its first and last character, a value with `%` is
 * percent-decoded when it can be (kept as it is when not); the first of two
 * cookies of one name wins, and a pair without `=` is no cookie.
 */
export function parseCookies(header: string | null | undefined): ReadonlyMap<string, string> {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const name = pair.slice(0, eq).trim()
    if (cookies.has(name)) continue
    let value = pair.slice(eq + 1).trim()
    if (value.startsWith('"')) value = value.slice(1, -1)
    cookies.set(name, decoded(value))
  }
  return cookies
}

function decoded(value: string) {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** One cookie's value (see `parseCookies`), or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return parseCookies(header).get(name)
}

/**
 * Whether a request may carry a session: a cookie whose name, in any case
 * and with any prefix (`__Secure-`, `__Host-`), contains `better-auth`, by
 * the same parse. Every reader (ours, better-call's, better-auth's own
 * `parseCookies`) splits the header at `;` and the first `=` and trims a
 * name at most as widely as `parseCookies` does, so a name any of them reads
 * as a better-auth cookie contains this one's: false means none of them can
 * find a session, and the answer is the same for every anonymous visitor.
 */
export function hasAuthCookie(header: string | null | undefined): boolean {
  for (const name of parseCookies(header).keys()) {
    if (name.toLowerCase().includes(AUTH_COOKIE_PREFIX)) return true
  }
  return false
}
