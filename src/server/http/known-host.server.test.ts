import { describe, expect, it } from 'vitest'

import { requestSteps } from '../pipeline/request-pipeline.server'
import { knownHost } from './known-host.server'
import { pipeline } from './pipeline.server'

const BASE_URL = 'https://books.example.com'
const step = knownHost(BASE_URL, ['https://admin.example.com'])

/** What the framework does with `//a/` (createStartHandler): a 308 to the normalised path, absolute from the request's URL. */
const frameworkRedirect = async (request: Request) => {
  const url = new URL(request.url)
  return Response.redirect(new URL(url.pathname.replace(/^\/+/, '/') + url.search, url), 308)
}

/** A request as the server builds it: its URL from the Host header. */
const forged = (host: string, path: string, init: RequestInit = {}) => new Request(`http://${host}${path}`, init)

describe('a forged Host never reaches an answer', () => {
  it.each([
    ['evil.example', '//a/'],
    ['evil.example:8443', '//a/?q=1'],
    ['books.example.com.evil.example', '//a'],
    ['127.0.0.1:3000', '//evil.example/'],
    ['[::1]:3000', '//a/'],
    ['_invalid_', '//a/'],
  ])('Host %s, GET %s: the redirect stays on BASE_URL', async (host, path) => {
    const response = await step(forged(host, path), frameworkRedirect)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin).toBe(BASE_URL)
    expect(location.pathname).toBe(path.replace(/^\/+/, '/').split('?')[0])
  })

  it('keeps a request for BASE_URL or a trusted origin as it is (the same object: no copy)', async () => {
    for (const url of [
      'https://books.example.com//a/',
      'http://books.example.com:3000/x',
      'https://admin.example.com/',
    ]) {
      const request = new Request(url)
      await step(request, async (seen) => {
        expect(seen).toBe(request)
        return new Response()
      })
    }
  })

  it('hands the rest of the pipeline the method, headers, body and query of the request', async () => {
    const response = await step(
      forged('evil.example', '/api/rest/books?x=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'a=b' },
        body: '{"title":"T"}',
      }),
      async (seen) =>
        Response.json({
          url: seen.url,
          method: seen.method,
          cookie: seen.headers.get('cookie'),
          body: await seen.text(),
        }),
    )
    expect(await response.json()).toEqual({
      url: 'https://books.example.com/api/rest/books?x=1',
      method: 'POST',
      cookie: 'a=b',
      body: '{"title":"T"}',
    })
  })

  it('is a step of the request pipeline, after the client address is read from the socket', async () => {
    const handle = pipeline(
      requestSteps(
        {
          BASE_URL,
          TRUSTED_ORIGINS: [],
          TRUST_PROXY: { hops: 0 },
          MAX_BODY_BYTES: 1024 * 1024,
          MAX_UPLOAD_BYTES: 5 * 1024 * 1024,
        },
        () => '192.0.2.7',
      ),
      frameworkRedirect,
    )
    const response = await handle(forged('evil.example', '//a/'))
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('https://books.example.com/a/')
  })
})
