import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { coalesceChunks, compression, negotiateEncoding, negotiateStreamEncoding } from './compression.server'

const html = `<!doctype html><html><body>${'<p>Start Books</p>'.repeat(500)}</body></html>`

function serve(body: BodyInit | null, headers: Record<string, string>, init: ResponseInit = {}) {
  return async () => new Response(body, { ...init, headers })
}

async function fetchThrough(acceptEncoding: string | null, answer: () => Promise<Response>, method = 'GET') {
  const headers = new Headers(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding })
  return compression(new Request('http://app.test/login', { method, headers }), answer)
}

describe('negotiateEncoding, negotiateStreamEncoding', () => {
  // Brotli first, then gzip, q=0 and the wildcard honoured; for a streamed answer, zstd first when named.
  it.each([
    ['gzip, deflate, br, zstd', 'br', 'zstd'],
    ['zstd', undefined, 'zstd'],
    ['br, zstd;q=0.5', 'br', 'br'],
    ['zstd;q=0, br', 'br', 'br'],
    ['gzip, deflate, br', 'br', 'br'],
    ['gzip, deflate', 'gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip', 'gzip'],
    ['*', 'br', 'br'],
    ['identity', undefined, undefined],
    [null, undefined, undefined],
  ] as const)('Accept-Encoding %s: %s, streamed %s', (acceptEncoding, kept, streamed) => {
    expect(negotiateEncoding(acceptEncoding)).toBe(kept)
    expect(negotiateStreamEncoding(acceptEncoding)).toBe(streamed)
  })
})

describe('coalesceChunks', () => {
  it('joins what is written in one turn of the event loop, and lets the next turn through after it', async () => {
    const stream = coalesceChunks()
    const out: string[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()))
    for (let i = 0; i < 20; i++) stream.write(Buffer.from(`<p>${i}</p>`))
    await new Promise((resolve) => setImmediate(resolve))
    expect(out).toEqual([Array.from({ length: 20 }, (_, i) => `<p>${i}</p>`).join('')])
    stream.write(Buffer.from('<p>later</p>'))
    stream.end(Buffer.from('<p>last</p>'))
    await new Promise((resolve) => stream.on('end', resolve))
    expect(out).toEqual([out[0], '<p>later</p><p>last</p>'])
  })
})

describe('compression', () => {
  it('compresses a page with zstd for a browser that names it, the bytes decoding to the page', async () => {
    const response = await fetchThrough('gzip, deflate, br, zstd', serve(html, { 'content-type': 'text/html' }))
    expect(response.headers.get('content-encoding')).toBe('zstd')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.length).toBeLessThan(html.length / 10)
    expect(zstdDecompressSync(bytes).toString()).toBe(html)
  })

  it('compresses an HTML page of unknown length with brotli, the bytes decoding to the page', async () => {
    const response = await fetchThrough('gzip, br', serve(html, { 'content-type': 'text/html; charset=utf-8' }))
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.get('content-length')).toBeNull()
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.length).toBeLessThan(html.length / 10)
    expect(brotliDecompressSync(bytes).toString()).toBe(html)
  })

  // The server render's pages (src/server.ts): whole, so compressed in one call, their length said.
  it.each([
    ['gzip, deflate, br, zstd', 'zstd', zstdDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('compresses a page of known length for %s in one piece (%s)', async (accept, encoding, decode) => {
    const response = await fetchThrough(
      accept,
      serve(html, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(html.length) }),
    )
    expect(response.headers.get('content-encoding')).toBe(encoding)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(bytes.length))
    expect(bytes.length).toBeLessThan(html.length / 10)
    expect(decode(bytes).toString()).toBe(html)
  })

  it('compresses JSON with brotli even for a client that names zstd (zstd is for pages)', async () => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Dune' })) })
    const response = await fetchThrough('gzip, deflate, br, zstd', serve(json, { 'content-type': 'application/json' }))
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(json)
  })

  // The API's answers: JSON is whole though its length is not said, so it is compressed in one call too.
  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('compresses JSON of unsaid length for %s in one piece (%s)', async (accept, encoding, decode) => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Dune' })) })
    const response = await fetchThrough(accept, serve(json, { 'content-type': 'application/json; charset=utf-8' }))
    expect(response.headers.get('content-encoding')).toBe(encoding)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(bytes.length))
    expect(decode(bytes).toString()).toBe(json)
  })

  it('sends small JSON of unsaid length as it is (an error, a session)', async () => {
    const json = '{"code":"NOT_FOUND","message":"Book not found"}'
    const response = await fetchThrough(
      'gzip, br',
      serve(json, { 'content-type': 'application/json' }, { status: 404 }),
    )
    expect(response.status).toBe(404)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(await response.text()).toBe(json)
  })

  it('compresses JSON with gzip for a client without brotli', async () => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Dune' })) })
    const response = await fetchThrough('gzip', serve(json, { 'content-type': 'application/json' }))
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(json)
  })

  it.each(['br', 'zstd'])(
    'keeps streaming with %s: the first chunk arrives before the stream ends',
    async (encoding) => {
      let finish!: () => void
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(html))
          finish = () => controller.close()
        },
      })
      const response = await fetchThrough(encoding, serve(stream, { 'content-type': 'text/html' }))
      expect(response.headers.get('content-encoding')).toBe(encoding)
      const reader = response.body!.getReader()
      const first = await reader.read()
      expect(first.done).toBe(false)
      expect(first.value!.length).toBeGreaterThan(0)
      finish()
    },
  )

  it('leaves alone what it should: no encoding accepted, small bodies, images, HEAD, 304, already encoded', async () => {
    const untouched = [
      await fetchThrough(null, serve(html, { 'content-type': 'text/html' })),
      await fetchThrough('br', serve('{"ok":true}', { 'content-type': 'application/json', 'content-length': '11' })),
      await fetchThrough('br', serve(html, { 'content-type': 'image/png' })),
      await fetchThrough('br', serve(html, { 'content-type': 'text/html' }), 'HEAD'),
      await fetchThrough('br', serve(null, { 'content-type': 'text/html' }, { status: 304 })),
      await fetchThrough('br', serve(html, { 'content-type': 'text/html', 'content-encoding': 'gzip' })),
    ]
    for (const response of untouched) expect(response.headers.get('content-encoding') ?? 'none').not.toBe('br')
    // Another client would get it compressed: caches must keep the two apart.
    expect(untouched[0]!.headers.get('vary')).toBe('Accept-Encoding')
    expect(untouched[2]!.headers.get('vary')).toBeNull()
  })

  it('copes with the immutable headers of a redirect', async () => {
    const response = await fetchThrough('br', async () => Response.redirect('http://app.test/login', 307))
    expect(response.status).toBe(307)
  })
})
