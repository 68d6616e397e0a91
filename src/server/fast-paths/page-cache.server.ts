import { promisify } from 'node:util'
import { brotliCompress, constants, crc32, deflateRawSync } from 'node:zlib'

import { languageFromRequest } from '@/lib/i18n/detect.server'
import { SIDEBAR_COOKIE } from '@/lib/sidebar-state'
import { brotliAnswerParams, negotiateEncoding } from '@/server/http/compression.server'
import { cookieValue, hasAuthCookie } from '@/server/http/cookies.server'
import type { PipelineStep } from '@/server/http/pipeline.server'
import { NONCE_HEADER } from '@/server/http/security-headers.server'
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

interface Entry {
  /** The page's bytes split at its render's nonce: joined again with each response's own. */
  parts: Buffer[]
  /** The same parts, each deflated on its own once (see `gzipWithNonce`), when a gzip-only client first asks. */
  deflated?: Buffer[]
  /** The length of the render's nonce: `deflated` is valid for nonces of this length only. */
  nonceLength: number
  status: number
  headers: [string, string][]
  expires: number
}

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

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** Deflate's window: how far back a part may refer. */
const WINDOW = 32 * 1024

/**
 * Each part deflated once (raw deflate, best compression): all but the
 * last end with a full flush, which ends on a byte boundary, so a stored
 * block may follow and the next part's blocks after it. Each part is
 * compressed with the page before it as its dictionary (what the decoder
 * has just written), the nonces in it replaced by NUL bytes of the same
 * length: a page holds no NUL, so no match can cover a nonce, and whatever
 * nonce an answer carries, every reference reads the same bytes. A part
 * with a NUL is compressed without a dictionary.
 */
export function deflateParts(parts: Buffer[], nonceLength: number): Buffer[] {
  const blank = Buffer.alloc(nonceLength)
  let before = Buffer.alloc(0)
  return parts.map((part, index) => {
    // What the decoder holds when this part starts: the page so far, then a nonce.
    if (index > 0) before = Buffer.concat([before, blank]).subarray(-WINDOW)
    const dictionary = index > 0 && !part.includes(0) ? before : undefined
    before = Buffer.concat([before, part]).subarray(-WINDOW)
    return deflateRawSync(part, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: index < parts.length - 1 ? constants.Z_FULL_FLUSH : constants.Z_FINISH,
      ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
    })
  })
}

/**
 * A gzip member of the page with `nonce` between its parts, without
 * compressing anything per answer: the parts were deflated once
 * (`deflateParts`, for nonces of this length) and the nonce goes between them in a stored
 * (uncompressed) block; only the CRC-32 of the whole page is computed here.
 * The nonce stays fresh for every answer and is never in a compressed
 * block's history, so no compressed length depends on it.
 */
export function gzipWithNonce(parts: Buffer[], deflated: Buffer[], nonce: Buffer): Buffer<ArrayBuffer> {
  const stored = Buffer.alloc(5 + nonce.length)
  stored.writeUInt16LE(nonce.length, 1)
  stored.writeUInt16LE(~nonce.length & 0xffff, 3)
  nonce.copy(stored, 5)
  const pieces: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(stored)
      crc = crc32(nonce, crc)
      size += nonce.length
    }
    pieces.push(deflated[index]!)
    crc = crc32(part, crc)
    size += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  pieces.push(trailer)
  return Buffer.concat(pieces) as Buffer<ArrayBuffer>
}

const brotli = promisify(brotliCompress)

/**
 * A cache hit's brotli quality: 2 gives the 37 KB login page in 12.0 KB (the
 * stitched gzip: 13.7) for 0.12 ms; 4, the streamed answers' quality, 11.5 KB
 * for 0.33 ms, which took the hits from ~3,100 to ~2,100 req/s (decision 018).
 */
const CACHED_PAGE_BROTLI_QUALITY = 2

/**
 * Serves the pages of CACHEABLE_PAGES to anonymous visitors from the render
 * of the first one (per URL, language and sidebar cookie), with this
 * response's CSP nonce filled in where the render wrote its own. A request
 * that may carry a session (`hasAuthCookie`, from the server's one parse of
 * the Cookie header) is always rendered: no signed-in page is kept
 * (docs/decisions/030-no-signed-in-page-cache.md). A client
 * that prefers brotli gets the page brotli-compressed per answer (a brotli
 * stream cannot be stitched around the nonce as gzip can; off the event loop,
 * ~0.12 ms); one that accepts gzip only gets it gzipped from parts compressed
 * once per entry (`gzipWithNonce`), not compressed again. It sits
 * after the refusals and inside the security headers (which give each
 * response its nonce and CSP), so every answer still gets both.
 */
export function pageCache(options: PageCacheOptions = {}): PipelineStep {
  const { ttlMs = 60_000, maxEntries = 200, now = Date.now } = options
  const entries = new Map<string, Entry>()

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
      const answerNonce = Buffer.from(nonce)
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
      const encoded = (body: Buffer<ArrayBuffer>, contentEncoding: 'br' | 'gzip') => {
        const headers = new Headers(cached.headers)
        headers.set('content-encoding', contentEncoding)
        headers.append('vary', 'Accept-Encoding')
        return new Response(body, { status: cached.status, headers })
      }
      const page = join(cached.parts, answerNonce)
      if (encoding === 'br') {
        const params = {
          ...brotliAnswerParams(page.length),
          [constants.BROTLI_PARAM_QUALITY]: CACHED_PAGE_BROTLI_QUALITY,
        }
        return encoded((await brotli(page, { params })) as Buffer<ArrayBuffer>, 'br')
      }
      if (encoding === 'gzip' && answerNonce.length === cached.nonceLength) {
        cached.deflated ??= deflateParts(cached.parts, cached.nonceLength)
        return encoded(gzipWithNonce(cached.parts, cached.deflated, answerNonce), 'gzip')
      }
      return new Response(page, { status: cached.status, headers: cached.headers })
    }
    entries.delete(key)

    const response = await next(request)
    const html = response.headers.get('content-type')?.includes('text/html')
    if (response.status !== 200 || !html || response.headers.has('set-cookie')) return response
    const body = await response.text()
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    const parts = body.split(nonce).map((part) => Buffer.from(part))
    entries.set(key, {
      parts,
      nonceLength: Buffer.byteLength(nonce),
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'content-length'),
      expires: now() + ttlMs,
    })
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}
