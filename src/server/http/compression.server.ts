import { Readable, Transform } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  createZstdCompress,
  gzipSync,
  zstdCompressSync,
} from 'node:zlib'

import { type PipelineStep, withResponseHeaders } from './pipeline.server'

/** Below this many bytes a compressed answer is no smaller worth the CPU (a JSON error, a 304). */
const MIN_COMPRESSIBLE_BYTES = 1024

/**
 * Answers that are whole when they come here though their length is not said: JSON (the API's,
 * better-auth's, the errors') is written in one piece, never streamed (a stream of events is
 * `text/event-stream`). With pages of known length (the server render's, src/server.ts; decision
 * 046) they are compressed in one call: for the list API's 6.6 KB answer brotli's stream cost
 * 242 µs of CPU against 108 µs in one call, before the stream plumbing around it.
 */
const WHOLE_JSON = /^application\/(json|[\w.+-]+\+json)\b/i

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i

/** How much the client wants `encoding` (its q value, 0 when refused or not named). */
function encodingWeight(acceptEncoding: string | null, encoding: string): number {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  return accepted.get(encoding) ?? accepted.get('*') ?? 0
}

/** The client's preferred encoding we speak: brotli, else gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const br = encodingWeight(acceptEncoding, 'br')
  const gzip = encodingWeight(acceptEncoding, 'gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return undefined
}

/**
 * The encoding of a page compressed as it is sent: zstd when the client
 * names it (Chromium, Firefox) and wants it no less than the others, else as
 * `negotiateEncoding`. Measured on a signed-in /app/books?q= page (85 KB,
 * streamed in 8 flushed chunks, CPU per answer): zstd level 3 20.0 KB for
 * 0.80 ms, brotli quality 4 19.2 KB for 1.56 ms, quality 3 19.8 KB for
 * 1.16 ms, gzip 6 24.7 KB for 1.30 ms (docs/decisions/044-stored-page-bytes.md).
 * A `*` does not count: a client that names no zstd gets what it names.
 */
export function negotiateStreamEncoding(acceptEncoding: string | null): 'zstd' | 'br' | 'gzip' | undefined {
  const named = (acceptEncoding ?? '').split(',').some((part) => part.split(';')[0]!.trim().toLowerCase() === 'zstd')
  const zstd = named ? encodingWeight(acceptEncoding, 'zstd') : 0
  const other = negotiateEncoding(acceptEncoding)
  if (zstd > 0 && (!other || zstd >= encodingWeight(acceptEncoding, other))) return 'zstd'
  return other
}

/**
 * Brotli for an answer compressed as it is sent: a quality cheap enough for
 * every answer (static assets are precompressed at build time at the best
 * quality), with a 256 KiB window instead of the default 4 MiB: an encoder per
 * answer then allocates a sixteenth of the memory (under load the default one
 * made the server's RSS pass 400 MB and cost more than the render), and a page
 * or a JSON answer is smaller than the window anyway. Quality 3, measured per
 * answer: the signed-in /manager/books?searchTerm= (58 KB, one flush) 9.7 KB
 * for 0.32 ms of CPU against 9.2 KB for 0.58-0.69 ms at quality 4 and gzip 6's
 * 9.6 KB for 0.50-0.70 ms (decision 046); the list API's JSON (6.6 KB) 1,482 B
 * for 74 µs against 1,459 B for 130 µs at quality 4.
 */
function brotliAnswerParams(length: number | undefined) {
  return {
    [constants.BROTLI_PARAM_QUALITY]: 3,
    [constants.BROTLI_PARAM_LGWIN]: 18,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    ...(length ? { [constants.BROTLI_PARAM_SIZE_HINT]: length } : {}),
  }
}

// zstd level 3 with the brotli encoder's 256 KiB window, for the same reason (see brotliAnswerParams).
const ZSTD_PARAMS = { [constants.ZSTD_c_compressionLevel]: 3, [constants.ZSTD_c_windowLog]: 18 }

function compressor(encoding: 'zstd' | 'br' | 'gzip', length: number | undefined) {
  // Flushed at every write (the chunks of one turn joined: coalesceChunks), so a streamed answer
  // still reaches the client piece by piece.
  if (encoding === 'zstd') {
    return createZstdCompress({
      flush: constants.ZSTD_e_flush,
      params: ZSTD_PARAMS,
      ...(length ? { pledgedSrcSize: length } : {}),
    })
  }
  return encoding === 'br'
    ? createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: brotliAnswerParams(length) })
    : createGzip({ flush: constants.Z_SYNC_FLUSH, memLevel: 8 })
}

/** A whole answer compressed in one call, with the same settings as `compressor`. */
function compressWhole(encoding: 'zstd' | 'br' | 'gzip', body: Buffer): Buffer {
  if (encoding === 'zstd') return zstdCompressSync(body, { params: ZSTD_PARAMS, pledgedSrcSize: body.length })
  if (encoding === 'br') return brotliCompressSync(body, { params: brotliAnswerParams(body.length) })
  return gzipSync(body, { memLevel: 8 })
}

/**
 * The chunks of an answer joined per turn of the event loop: a streamed answer
 * (a page of unknown length) may write many small pieces within one turn, and
 * the compressor flushes at every write it is given. Joined, it is compressed
 * and sent in a few flushes and socket writes instead of one per piece, and
 * still reaches the client as it comes (what came in one turn leaves at the
 * next). The server render's pages are whole and skip it (`compressPage`).
 */
export function coalesceChunks(): Transform {
  let pending: Buffer[] = []
  let timer: NodeJS.Immediate | undefined
  const release = (stream: Transform) => {
    timer = undefined
    if (!pending.length) return
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
    pending = []
    stream.push(joined)
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk)
      timer ??= setImmediate(() => release(this))
      callback()
    },
    flush(callback) {
      if (timer) clearImmediate(timer)
      release(this)
      callback()
    },
  })
}

/**
 * Compresses HTML, JSON, JS, CSS and other text answers with brotli or gzip
 * as the client accepts, pages with zstd first (`negotiateStreamEncoding`) (`Vary: Accept-Encoding` always on what could be
 * compressed). Assets in `.output/public` are served precompressed by the
 * static handler (`compressPublicAssets`), not here.
 */
export const compression: PipelineStep = async (request, next) => {
  const response = await next(request)
  const type = response.headers.get('content-type') ?? ''
  const length = response.headers.get('content-length')
  if (!response.body || request.method === 'HEAD' || !COMPRESSIBLE.test(type)) return response
  if ([204, 206, 304].includes(response.status) || response.headers.has('content-encoding')) return response
  if (length !== null && Number(length) < MIN_COMPRESSIBLE_BYTES) return response
  // zstd for pages only: on the list API's small JSON it cost more server CPU per answer than brotli (decision 044).
  const acceptEncoding = request.headers.get('accept-encoding')
  const page = /^text\/html\b/i.test(type)
  const encoding = page ? negotiateStreamEncoding(acceptEncoding) : negotiateEncoding(acceptEncoding)
  if (!encoding) return withResponseHeaders(response, (headers) => headers.append('vary', 'Accept-Encoding'))
  // A new answer: the one handed back may have immutable headers (a redirect).
  const headers = new Headers(response.headers)
  headers.append('vary', 'Accept-Encoding')
  const init = { status: response.status, statusText: response.statusText, headers }
  if (length !== null || WHOLE_JSON.test(type)) {
    // A whole answer: compressed in one call, without the streams of an answer compressed as it comes.
    const whole = Buffer.from(await response.arrayBuffer())
    if (whole.length < MIN_COMPRESSIBLE_BYTES) return new Response(whole as Buffer<ArrayBuffer>, init)
    const compressed = compressWhole(encoding, whole)
    headers.set('content-encoding', encoding)
    headers.set('content-length', String(compressed.length))
    return new Response(compressed as Buffer<ArrayBuffer>, init)
  }
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  const body = Readable.toWeb(
    Readable.fromWeb(response.body as NodeReadableStream)
      .pipe(coalesceChunks())
      .pipe(compressor(encoding, length === null ? undefined : Number(length))),
  ) as ReadableStream
  return new Response(body, init)
}
