import { createHash } from 'node:crypto'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'

import { describe, expect, it, vi } from 'vitest'

import { NONCE_HEADER } from '@/server/http/security-headers.server'

import { BEST_COMPRESSION_AFTER_HITS, pageCache, scriptHash, storedPage } from './page-cache.server'

/** A renderer that writes its request's nonce and language cookie into the page, and counts its renders. */
function renderer(answer: (request: Request) => ResponseInit = () => ({})) {
  let renders = 0
  const render = (request: Request) => {
    renders++
    const nonce = request.headers.get(NONCE_HEADER)
    const init = answer(request)
    const page = `<html><meta property="csp-nonce" content="${nonce}"/><script nonce="${nonce}">render ${renders}</script><script nonce="${nonce}" data-x="">go()</script>${request.headers.get('cookie') ?? ''}</html>`
    return Promise.resolve(
      new Response(page, {
        status: 200,
        ...init,
        headers: { 'content-type': 'text/html; charset=utf-8', ...init.headers },
      }),
    )
  }
  return { render, renders: () => renders }
}

let counter = 0
function request(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const nonce = `nonce-${++counter}-${'x'.repeat(16)}`
  return { nonce, request: new Request(url, { method, headers: { [NONCE_HEADER]: nonce, ...headers } }) }
}

describe('pageCache', () => {
  it('renders the login page once for anonymous visitors and sends every answer the same bytes, without a nonce', async () => {
    const step = pageCache()
    const { render, renders } = renderer()
    const first = request('http://x/login')
    const firstAnswer = await step(first.request, render)
    const firstPage = await firstAnswer.text()
    expect(firstPage).toBe('<html><script>render 1</script><script data-x="">go()</script></html>')

    const second = request('http://x/login')
    const answer = await step(second.request, render)
    expect(renders()).toBe(1)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(await answer.text()).toBe(firstPage)
    for (const sent of [firstAnswer, answer]) {
      expect(sent.headers.get('content-security-policy')).toContain(
        `script-src ${scriptHash('render 1')} ${scriptHash('go()')} 'strict-dynamic';`,
      )
    }
  })

  it('keeps one page per URL, language and sidebar state', async () => {
    const step = pageCache()
    const { render, renders } = renderer()
    await step(request('http://x/login').request, render)
    await step(request('http://x/login?redirect=%2Fapp').request, render)
    await step(request('http://x/login', { cookie: 'i18next=fr' }).request, render)
    await step(request('http://x/login', { 'accept-language': 'ar' }).request, render)
    await step(request('http://x/login?lng=sw').request, render)
    await step(request('http://x/login', { cookie: 'sidebar_state=collapsed' }).request, render)
    expect(renders()).toBe(6)
    const french = await (await step(request('http://x/login', { cookie: 'i18next=fr' }).request, render)).text()
    expect(renders()).toBe(6)
    expect(french).toContain('i18next=fr')
  })

  it('renders every time for a signed-in visitor, another page, or a method other than GET', async () => {
    const step = pageCache()
    const { render, renders } = renderer()
    for (let round = 0; round < 2; round++) {
      await step(request('http://x/login', { cookie: 'better-auth.session_token=abc' }).request, render)
      await step(
        request('http://x/login', { cookie: 'i18next=en; __Secure-better-auth.session_token=abc' }).request,
        render,
      )
      await step(request('http://x/login/verify?email=a%40b.c').request, render)
      await step(request('http://x/manager/books').request, render)
      await step(request('http://x/login', {}, 'HEAD').request, render)
    }
    expect(renders()).toBe(10)
  })

  it('keeps no answer that is not a plain page: an error, a redirect, a cookie set', async () => {
    const step = pageCache()
    const answers: Array<{ status?: number; headers?: Record<string, string> }> = [
      { status: 503 },
      { status: 307, headers: { location: '/app' } },
      { headers: { 'set-cookie': 'a=b' } },
      { headers: { 'content-type': 'application/json' } },
    ]
    for (const init of answers) {
      const { render, renders } = renderer(() => init)
      await step(request('http://x/login').request, render)
      await step(request('http://x/login').request, render)
      expect(renders()).toBe(2)
    }
  })

  it('renders again once a page is older than its time to live, and keeps at most maxEntries pages', async () => {
    let now = 0
    const step = pageCache({ ttlMs: 1000, maxEntries: 2, now: () => now })
    const { render, renders } = renderer()
    await step(request('http://x/login').request, render)
    now = 999
    await step(request('http://x/login').request, render)
    expect(renders()).toBe(1)
    now = 1000
    await step(request('http://x/login').request, render)
    expect(renders()).toBe(2)

    await step(request('http://x/login?redirect=a').request, render)
    await step(request('http://x/login?redirect=b').request, render)
    expect(renders()).toBe(4)
    // The first one went to make room.
    await step(request('http://x/login').request, render)
    expect(renders()).toBe(5)
  })

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
  ] as const)(
    'sends a kept page for Accept-Encoding %s as %s compressed once: the same bytes at every answer',
    async (acceptEncoding, encoding, decompress) => {
      const step = pageCache()
      const { render, renders } = renderer()
      const first = request('http://x/login', { 'accept-encoding': acceptEncoding })
      const firstAnswer = await step(first.request, render)
      // The render itself is sent as it is, for the compression step to compress as any answer.
      expect(firstAnswer.headers.get('content-encoding')).toBeNull()
      const firstPage = await firstAnswer.text()

      const bodies: Buffer[] = []
      for (let index = 0; index < 3; index++) {
        const answer = await step(request('http://x/login', { 'accept-encoding': acceptEncoding }).request, render)
        expect(answer.headers.get('content-encoding')).toBe(encoding)
        expect(answer.headers.get('vary')).toBe('Accept-Encoding')
        expect(answer.headers.get('content-security-policy')).toBe(firstAnswer.headers.get('content-security-policy'))
        const body = Buffer.from(await answer.arrayBuffer())
        expect(decompress(body).toString()).toBe(firstPage)
        bodies.push(body)
      }
      expect(bodies[1]!.equals(bodies[0]!) && bodies[2]!.equals(bodies[0]!)).toBe(true)
      expect(renders()).toBe(1)
    },
  )

  it('compresses a page asked often again at the best level, and sends those bytes from then on', async () => {
    const step = pageCache()
    const { render } = renderer()
    const ask = async () =>
      Buffer.from(
        await (await step(request('http://x/login', { 'accept-encoding': 'br' }).request, render)).arrayBuffer(),
      )
    const page = await (await step(request('http://x/login').request, render)).text()
    const best = brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page),
      },
    })
    const cheap = await ask()
    expect(cheap.equals(best)).toBe(false)
    for (let hit = 2; hit <= BEST_COMPRESSION_AFTER_HITS; hit++) await ask()
    await vi.waitFor(async () => expect((await ask()).equals(best)).toBe(true))
    expect(brotliDecompressSync(await ask()).toString()).toBe(page)
  })

  it('sends a kept page as it is to a client that accepts neither encoding', async () => {
    const step = pageCache()
    const { render } = renderer()
    await step(request('http://x/login').request, render)
    const plain = await step(request('http://x/login', { 'accept-encoding': 'br;q=0, gzip;q=0' }).request, render)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('<html>')
  })

  it('keeps no page whose nonce it cannot take out, and sends that one as rendered, with its nonce', async () => {
    const step = pageCache()
    let renders = 0
    const render = (request: Request) => {
      renders++
      const nonce = request.headers.get(NONCE_HEADER)
      return Promise.resolve(
        new Response(`<script nonce="${nonce}">x</script><p data-n="${nonce}"></p>`, {
          headers: { 'content-type': 'text/html' },
        }),
      )
    }
    const { nonce, request: asked } = request('http://x/login')
    const answer = await step(asked, render)
    expect(await answer.text()).toContain(`nonce="${nonce}"`)
    expect(answer.headers.get('content-security-policy')).toBeNull()
    await step(request('http://x/login').request, render)
    expect(renders).toBe(2)
  })
})

describe('storedPage', () => {
  const nonce = 'AbCdEfGhIjKlMnOpQrStUv=='
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

  it('allows each inline script by its SHA-256, as the browser hashes it (line ends as \\n), once each', () => {
    const stored = storedPage(
      `<head><meta property="csp-nonce" content="${nonce}"/><link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head>` +
        `<script nonce="${nonce}">a()</script><SCRIPT nonce="${nonce}" class="$tsr">b()\r\nc()</SCRIPT >` +
        `<script nonce="${nonce}">a()</script><script type="application/ld+json">{}</script>`,
      nonce,
    )!
    expect(stored.page.toString()).toBe(
      '<head><link rel="stylesheet" href="/a.css"/></head><script>a()</script><SCRIPT class="$tsr">b()\r\nc()</SCRIPT >' +
        '<script>a()</script><script type="application/ld+json">{}</script>',
    )
    expect(stored.scriptSources).toBe(`${sha256('a()')} ${sha256('b()\nc()')} ${sha256('{}')} 'strict-dynamic'`)
  })

  it('keeps no page with an external script (only a nonce runs it under strict-dynamic) or the nonce left anywhere', () => {
    expect(storedPage(`<script nonce="${nonce}" src="/a.js"></script>`, nonce)).toBeUndefined()
    expect(storedPage(`<script nonce="${nonce}">x</script><p>${nonce}</p>`, nonce)).toBeUndefined()
    expect(storedPage(`<meta content="${nonce}" property="csp-nonce">`, nonce)).toBeUndefined()
  })
})
