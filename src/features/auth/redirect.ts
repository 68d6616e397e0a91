import { roleCan } from '@/lib/auth/role-matrix'

/**
 * A `redirect` search parameter is honoured only when it is a path of this
 * site: never `//host`, `/\host`, a scheme or a login page (open redirects).
 */
export function safeRedirect(value: string | undefined | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return undefined
  }
  try {
    const url = new URL(value, 'http://localhost')
    if (url.origin !== 'http://localhost' || url.pathname.startsWith('/login')) return undefined
    // Dot segments can normalise into `//host` (`/..//evil.com`): checked again.
    if (url.pathname.startsWith('//')) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}

/** The verify page of `email`: the one URL that carries the address (docs/product.md#routes). */
export function verifyHref(email: string, redirect: string | undefined) {
  const search = new URLSearchParams({ email })
  if (redirect) search.set('redirect', redirect)
  return `/login/verify?${search}`
}

/** Where a signed-in user goes by default: the manager for those the matrix lets in, else the app. */
export function homeOf(role: string | null | undefined) {
  return roleCan(role, { apps: ['manager'] }) ? '/manager' : '/app'
}
