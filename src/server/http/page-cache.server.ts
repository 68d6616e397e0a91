import { cookieValue, languageFromRequest } from '@/lib/i18n/detect.server'
import { SIDEBAR_COOKIE } from '@/lib/sidebar-state'

import type { PipelineStep } from './pipeline.server'
import { NONCE_HEADER } from './security-headers.server'

/**
 * Pages that are the same for every anonymous visitor of a language: what
 * they show comes from the settings and the messages only (no database
 * read). A page that reads data (the verify page's demo hint) is not here.
 */
const CACHEABLE_PAGES: ReadonlySet<string> = new Set(['/login', '/login/', '/about'])

export interface PageCacheOptions {
  /** How long a rendered page is served again (a bound, in case a page's settings change). */
  ttlMs?: number
  /** How many variants (URL, language, sidebar) are kept; the oldest goes first. */
  maxEntries?: number
  now?: () => number
}

interface Entry {
  /** The page's bytes split at its render's nonce: joined again with each response's own. */
  parts: Buffer[]
  status: number
  headers: [string, string][]
  expires: number
}

/** A session (or any better-auth cookie): the page is someone's own. */
const hasAuthCookie = (cookie: string | null) => cookie !== null && /(^|;\s*)(__Secure-)?better-auth\./.test(cookie)

/** The parts with `separator` between them, in one buffer (encoded once, not at every answer). */
function join(parts: Buffer[], separator: Buffer): Buffer<ArrayBuffer> {
  const joined = Buffer.allocUnsafe(
    parts.reduce((size, part) => size + part.length, 0) + separator.length * (parts.length - 1),
  )
  let offset = 0
  parts.forEach((part, index) => {
    if (index > 0) offset += separator.copy(joined, offset)
    offset += part.copy(joined, offset)
  })
  return joined as Buffer<ArrayBuffer>
}

/**
 * Serves the pages of CACHEABLE_PAGES to anonymous visitors from the render
 * of the first one (per URL, language and sidebar cookie), with this
 * response's CSP nonce filled in where the render wrote its own. It sits
 * after the refusals and inside the security headers (which give each
 * response its nonce and CSP), so every answer still gets both.
 */
export function pageCache(options: PageCacheOptions = {}): PipelineStep {
  const { ttlMs = 60_000, maxEntries = 100, now = Date.now } = options
  const entries = new Map<string, Entry>()
  return async (request, next) => {
    const nonce = request.headers.get(NONCE_HEADER)
    if (request.method !== 'GET' || !nonce || hasAuthCookie(request.headers.get('cookie'))) return next(request)
    const url = new URL(request.url)
    if (!CACHEABLE_PAGES.has(url.pathname)) return next(request)
    const cookie = request.headers.get('cookie')
    const key = [
      url.pathname + url.search,
      languageFromRequest(url, request.headers),
      cookieValue(cookie, SIDEBAR_COOKIE) ?? '',
    ].join('\n')

    const cached = entries.get(key)
    if (cached && cached.expires > now()) {
      return new Response(join(cached.parts, Buffer.from(nonce)), { status: cached.status, headers: cached.headers })
    }
    entries.delete(key)

    const response = await next(request)
    const html = response.headers.get('content-type')?.includes('text/html')
    if (response.status !== 200 || !html || response.headers.has('set-cookie')) return response
    const body = await response.text()
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, {
      parts: body.split(nonce).map((part) => Buffer.from(part)),
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'content-length'),
      expires: now() + ttlMs,
    })
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}
