import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip as zlibGzip } from 'node:zlib'

import { languageFromRequest } from '@/lib/i18n/detect.server'
import { SIDEBAR_COOKIE } from '@/lib/sidebar-state'
import { negotiateEncoding } from '@/server/http/compression.server'
import { cookieValue, hasAuthCookie } from '@/server/http/cookies.server'
import type { PipelineStep } from '@/server/http/pipeline.server'
import { contentSecurityPolicy, NONCE_HEADER } from '@/server/http/security-headers.server'
import { fastPathTally } from '@/server/platform/tallies.server'

/**
 * Pages that are the same for every anonymous visitor of a language: what
 * they show comes from the settings and the messages only. The cache forgets
 * by time alone (`ttlMs`), so each declares that it reads no table, which
 * fast-paths.integration.test.ts proves on its route's data reads. A page
 * that reads data (the verify page's demo hint) is not here.
 */
export const CACHEABLE_PAGES: ReadonlyArray<{ paths: readonly string[]; reads: readonly [] }> = [
  // The login route's own path ends with a slash.
  { paths: ['/login', '/login/'], reads: [] },
  { paths: ['/about'], reads: [] },
]

const CACHEABLE_PATHS: ReadonlySet<string> = new Set(CACHEABLE_PAGES.flatMap(({ paths }) => paths))

export interface PageCacheOptions {
  /** How long a rendered page is served again (a bound, in case a page's settings change). */
  ttlMs?: number
  /** How many variants (URL, language, sidebar) are kept; the oldest goes first. */
  maxEntries?: number
  now?: () => number
}

/** A render kept without its nonce: the same bytes, and the same CSP, for every answer. */
export interface StoredPage {
  page: Buffer<ArrayBuffer>
  /** `script-src` of the page: the SHA-256 of each of its inline scripts, and 'strict-dynamic'. */
  scriptSources: string
}

interface Entry extends StoredPage {
  /** Each encoding compressed when a client first asks a kept page for it, and again at the best level once asked often. */
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>
  hits: number
  status: number
  headers: [string, string][]
  expires: number
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** A CSP hash source of an inline script: what the browser hashes is its text with line ends made `\n`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n')).digest('base64')}'`
}

/**
 * The render without its nonce (its `nonce` attributes and its `csp-nonce`
 * meta, which the client router reads), allowed by the hashes of its inline
 * scripts instead. 'strict-dynamic' lets those scripts add the page's modules
 * (paint-first.server.ts) as it let the nonce's. Undefined when the nonce is
 * still somewhere else in the page, or the page has an external script (under
 * 'strict-dynamic' only a nonce lets a parser-inserted one run): such a page
 * is sent as rendered, with its nonce, and not kept.
 */
export function storedPage(render: string, nonce: string): StoredPage | undefined {
  const page = render
    .replaceAll(` nonce="${nonce}"`, '')
    .replaceAll(`<meta property="csp-nonce" content="${nonce}"/>`, '')
  if (page.includes(nonce)) return undefined
  const hashes = new Set<string>()
  for (const [, attributes, text] of page.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes!)) return undefined
    hashes.add(scriptHash(text!))
  }
  return { page: Buffer.from(page) as Buffer<ArrayBuffer>, scriptSources: [...hashes, "'strict-dynamic'"].join(' ') }
}

const brotli = promisify(brotliCompress)
const gzip = promisify(zlibGzip)

/** Hits of a kept page after which each of its encodings is compressed again at the best level. */
export const BEST_COMPRESSION_AFTER_HITS = 10

/**
 * A kept page in one encoding. First at a cheap level (brotli 5, gzip 6: ~1 ms
 * for the 45 KB English `/login`, about what its render costs), so that a URL
 * made up to be asked twice (the key holds the query string) cannot make the
 * server spend more than it spends rendering; once the page has been asked
 * `BEST_COMPRESSION_AFTER_HITS` times, at the best level (brotli 11: 12.1 KB
 * against ~13.5 KB, for ~0.1 s of one thread of zlib's pool, off the event
 * loop; gzip 9) (docs/decisions/044-stored-page-bytes.md).
 */
function compressOnce(page: Buffer, encoding: 'br' | 'gzip', best: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(page, { level: best ? constants.Z_BEST_COMPRESSION : 6 })
  return brotli(page, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
    },
  })
}

/**
 * Serves the pages of CACHEABLE_PAGES to anonymous visitors from the render
 * of the first one (per URL, language and sidebar cookie), kept without its
 * nonce and sent with a CSP of its inline scripts' hashes (`storedPage`): the
 * bytes are the same for every answer, so each encoding is compressed at the
 * first cache hit that asks for it (not at the render: a URL asked once costs
 * no compression of its own) and sent as kept (`compressOnce`). A request that may
 * carry a session (`hasAuthCookie`, from the server's one parse of the Cookie
 * header) is always rendered: no signed-in page is kept
 * (docs/decisions/030-no-signed-in-page-cache.md). It sits after the
 * refusals and inside the security headers, which keep the CSP it sets and
 * give every answer the other headers.
 */
/** Each encoding of a page asked often, again at the best level: answers keep the cheap bytes until it is done. */
function compressAtBest(entry: Entry) {
  for (const encoding of ['br', 'gzip'] as const) {
    void compressOnce(entry.page, encoding, true).then(
      (best) => (entry.encoded[encoding] = Promise.resolve(best)),
      () => {},
    )
  }
}

export function pageCache(options: PageCacheOptions = {}): PipelineStep {
  const { ttlMs = 60_000, maxEntries = 200, now = Date.now } = options
  const entries = new Map<string, Entry>()

  const answer = async (entry: Entry, encoding: 'br' | 'gzip' | undefined) => {
    const headers = new Headers(entry.headers)
    headers.set('content-security-policy', contentSecurityPolicy(entry.scriptSources))
    if (!encoding) return new Response(entry.page, { status: entry.status, headers })
    const body = await (entry.encoded[encoding] ??= compressOnce(entry.page, encoding, false))
    headers.set('content-encoding', encoding)
    headers.append('vary', 'Accept-Encoding')
    return new Response(body as Buffer<ArrayBuffer>, { status: entry.status, headers })
  }

  return async (request, next) => {
    const nonce = request.headers.get(NONCE_HEADER)
    if (request.method !== 'GET' || !nonce) return next(request)
    const url = new URL(request.url)
    const cookie = request.headers.get('cookie')
    if (!CACHEABLE_PATHS.has(url.pathname) || hasAuthCookie(cookie)) return next(request)
    const key = [
      url.pathname + url.search,
      languageFromRequest(url, request.headers),
      cookieValue(cookie, SIDEBAR_COOKIE) ?? '',
    ].join('\n')

    const cached = entries.get(key)
    const hit = cached !== undefined && cached.expires > now()
    fastPathTally.inc({ path: 'page-cache', result: hit ? 'hit' : 'miss' })
    if (hit) {
      if (++cached.hits === BEST_COMPRESSION_AFTER_HITS) compressAtBest(cached)
      return answer(cached, negotiateEncoding(request.headers.get('accept-encoding')))
    }
    entries.delete(key)

    const response = await next(request)
    const html = response.headers.get('content-type')?.includes('text/html')
    if (response.status !== 200 || !html || response.headers.has('set-cookie')) return response
    const body = await response.text()
    const stored = storedPage(body, nonce)
    if (!stored) {
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
    }
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    const entry: Entry = {
      ...stored,
      encoded: {},
      hits: 0,
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'content-length'),
      expires: now() + ttlMs,
    }
    entries.set(key, entry)
    // The first answer goes through the compression step like any other render.
    return answer(entry, undefined)
  }
}
