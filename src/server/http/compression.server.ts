import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

import { type PipelineStep, withResponseHeaders } from './pipeline.server'

/** Below this many bytes a compressed answer is no smaller worth the CPU (a JSON error, a 304). */
const MIN_COMPRESSIBLE_BYTES = 1024

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i

/** The client's preferred encoding we speak: brotli, else gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | null): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const wildcard = accepted.get('*') ?? 0
  const weight = (name: string) => accepted.get(name) ?? wildcard
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return undefined
}

function compressor(encoding: 'br' | 'gzip') {
  // Flushed at every chunk, so a streamed server render still reaches the
  // browser piece by piece; brotli at a quality cheap enough for every answer
  // (static assets are precompressed at build time at the best quality).
  return encoding === 'br'
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      })
    : createGzip({ flush: constants.Z_SYNC_FLUSH })
}

/**
 * Compresses HTML, JSON, JS, CSS and other text answers with brotli or gzip
 * as the client accepts (`Vary: Accept-Encoding` always on what could be
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
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  if (!encoding) return withResponseHeaders(response, (headers) => headers.append('vary', 'Accept-Encoding'))
  // A new answer: the one handed back may have immutable headers (a redirect).
  const headers = new Headers(response.headers)
  headers.append('vary', 'Accept-Encoding')
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  const body = Readable.toWeb(
    Readable.fromWeb(response.body as NodeReadableStream).pipe(compressor(encoding)),
  ) as ReadableStream
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
