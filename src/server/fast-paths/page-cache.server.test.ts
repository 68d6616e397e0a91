import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { NONCE_HEADER } from '@/server/http/security-headers.server'
import { seededChoices } from '@/test/seeded-random'

import { deflateParts, gzipWithNonce, pageCache } from './page-cache.server'

/** A renderer that writes its request's nonce and language cookie into the page, and counts its renders. */
function renderer(answer: (request: Request) => ResponseInit = () => ({})) {
  let renders = 0
  const render = (request: Request) => {
    renders++
    const nonce = request.headers.get(NONCE_HEADER)
    const init = answer(request)
    const page = `<html><meta property="csp-nonce" content="${nonce}"><script nonce="${nonce}">render ${renders}</script>${request.headers.get('cookie') ?? ''}</html>`
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
  it('renders the login page once for anonymous visitors and gives each answer its own nonce', async () => {
    const step = pageCache()
    const { render, renders } = renderer()
    const first = request('http://x/login')
    const firstPage = await (await step(first.request, render)).text()
    expect(firstPage).toContain(`nonce="${first.nonce}"`)

    const second = request('http://x/login')
    const answer = await step(second.request, render)
    const page = await answer.text()
    expect(renders()).toBe(1)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(page).toContain(`nonce="${second.nonce}"`)
    expect(page).toContain(`content="${second.nonce}"`)
    expect(page).not.toContain(first.nonce)
    expect(page).toBe(firstPage.replaceAll(first.nonce, second.nonce))
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
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
  ] as const)(
    'compresses a cached page for Accept-Encoding %s as %s, with its own nonce in it, rendered once',
    async (acceptEncoding, encoding, decompress) => {
      const step = pageCache()
      const { render, renders } = renderer()
      const first = request('http://x/login', { 'accept-encoding': acceptEncoding })
      const firstPage = await (await step(first.request, render)).text()

      const answers = []
      for (let index = 0; index < 2; index++) {
        const next = request('http://x/login', { 'accept-encoding': acceptEncoding })
        const answer = await step(next.request, render)
        expect(answer.headers.get('content-encoding')).toBe(encoding)
        expect(answer.headers.get('vary')).toContain('Accept-Encoding')
        const page = decompress(Buffer.from(await answer.arrayBuffer())).toString()
        expect(page).toBe(firstPage.replaceAll(first.nonce, next.nonce))
        answers.push(page)
      }
      expect(answers[0]).not.toBe(answers[1])
      expect(renders()).toBe(1)
    },
  )

  it('sends a cached page as it is to a client that accepts neither encoding', async () => {
    const step = pageCache()
    const { render } = renderer()
    await step(request('http://x/login').request, render)
    const plain = await step(request('http://x/login', { 'accept-encoding': 'br;q=0, gzip;q=0' }).request, render)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('<html>')
  })
})

describe('gzipWithNonce', () => {
  it('is a gzip member whose bytes are the parts joined by the nonce, whatever the parts', () => {
    const cases = [['<html>', '</html>'], ['', 'a', ''], ['x'.repeat(100_000), 'y'.repeat(70_000), 'z'], ['only part']]
    for (const strings of cases) {
      const parts = strings.map((part) => Buffer.from(part))
      const deflated = deflateParts(parts, 24)
      for (const nonce of ['AbCdEfGhIjKlMnOpQrStUv==', 'script nonce="<p>Start B']) {
        const page = gunzipSync(gzipWithNonce(parts, deflated, Buffer.from(nonce))).toString()
        expect(page).toBe(strings.join(nonce))
      }
    }
  })
  it('holds for generated pages: parts across the 32 KB window, repeats that reach back over a nonce (seeded)', () => {
    const SEED = 20261127
    const r = seededChoices(SEED)
    const alphabet = 'ab<>"= \n'
    for (let page = 0; page < 60; page++) {
      const letters = alphabet.slice(0, 1 + r.int(alphabet.length))
      const parts = Array.from({ length: 1 + r.int(5) }, () =>
        Buffer.from(Array.from({ length: Math.floor(r.next() ** 3 * 40_000) }, () => r.pick([...letters])).join('')),
      )
      const deflated = deflateParts(parts, 24)
      const nonce = Buffer.from(Array.from({ length: 24 }, () => r.pick([...'AZaz09+/='])).join(''))
      const joined = Buffer.concat(parts.flatMap((part, index) => (index ? [nonce, part] : [part])))
      expect(gunzipSync(gzipWithNonce(parts, deflated, nonce)).equals(joined), `seed ${SEED}, page ${page}`).toBe(true)
    }
    // Level-9 deflate of a few megabytes: seconds on a loaded machine.
  }, 30_000)
})
