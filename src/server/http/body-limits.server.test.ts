import { describe, expect, it } from 'vitest'

import { bodyLimits, jsonDepth, MAX_JSON_DEPTH } from './body-limits.server'

const step = bodyLimits(65536)
const echo = async (request: Request) =>
  new Response(await request.text(), { headers: { 'x-length': request.headers.get('content-length') ?? '' } })
const json = { 'content-type': 'application/json' }

function send(path: string, body: BodyInit | null, headers: Record<string, string> = json, method = 'POST') {
  return step(
    new Request(`http://localhost:3000${path}`, { method, headers, body, duplex: 'half' } as RequestInit),
    echo,
  )
}

/** A body in chunks with no Content-Length, as `Transfer-Encoding: chunked` arrives. */
function chunked(size: number) {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close()
      controller.enqueue(new TextEncoder().encode('a'.repeat(512)))
      sent += 512
    },
  })
}

/** A body that counts the bytes read from it. */
function counted(size: number) {
  const read = { bytes: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= size) return controller.close()
      controller.enqueue(new Uint8Array(16384).fill(97))
      read.bytes += 16384
    },
  })
  return { stream, read }
}

describe('body limits', () => {
  it('reads a refused body to its end before the 413, up to four times the limit, so a client still sending it gets the answer', async () => {
    const declared = counted(200_000)
    const refused = await send('/api/rest/books', declared.stream, { ...json, 'content-length': '200000' })
    expect(refused.status).toBe(413)
    expect(declared.read.bytes).toBeGreaterThanOrEqual(200_000)

    const streamed = counted(200_000)
    expect((await send('/api/rest/books', streamed.stream)).status).toBe(413)
    expect(streamed.read.bytes).toBeGreaterThanOrEqual(200_000)

    const huge = counted(10_000_000)
    expect((await send('/api/rest/books', huge.stream, { ...json, 'content-length': '10000000' })).status).toBe(413)
    expect(huge.read.bytes).toBeLessThan(100_000)
    const hugeStreamed = counted(10_000_000)
    expect((await send('/api/rest/books', hugeStreamed.stream)).status).toBe(413)
    expect(hugeStreamed.read.bytes).toBeLessThan(4 * 65536 + 100_000)
  })

  it('refuses a body over the limit with 413, by its length or while reading chunks', async () => {
    const declared = await send('/api/rest/books', '{}', { ...json, 'content-length': '999999' })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect((await send('/api/rest/books', chunked(70_000))).status).toBe(413)
    expect((await send('/api/rest/books', JSON.stringify({ title: 'a'.repeat(70_000) }))).status).toBe(413)
  })

  it('hands on a body within the limit, read once, with its length', async () => {
    const response = await send('/api/rest/books', chunked(1024), { 'content-type': 'text/plain' })
    expect(response.status).toBe(200)
    expect((await response.text()).length).toBe(1024)
    expect(response.headers.get('x-length')).toBe('1024')
    expect((await send('/api/auth/sign-out', null, {})).status).toBe(200)
  })

  it('refuses NUL anywhere in a body, escaped in JSON or raw', async () => {
    expect(
      (await send('/api/auth/sign-in/email-otp', JSON.stringify({ email: 'a\u0000@example.com', otp: '1' }))).status,
    ).toBe(400)
    expect((await send('/api/auth/admin/create-user', JSON.stringify({ ['na\u0000me']: 'x' }))).status).toBe(400)
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    expect((await send('/api/auth/callback/x', 'code=a&state=\u0000', form)).status).toBe(400)
    expect((await send('/api/auth/callback/x', 'code=a%00&state=b', form)).status).toBe(400)
    expect((await send('/api/auth/callback/x', 'code=a%20&state=b', form)).status).toBe(200)
    const page = await send('/_serverFn/x', '\u0000', { 'content-type': 'text/plain', 'accept-language': 'sw' })
    expect(page.status).toBe(400)
    expect(await page.json()).toEqual({ code: 'BAD_REQUEST', message: 'Ombi halijaundwa ipasavyo.' })
  })

  it('refuses invalid JSON, invalid UTF-8 and nesting deeper than the limit', async () => {
    expect((await send('/api/rest/books', '{"title":')).status).toBe(400)
    expect((await send('/api/rest/books', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]))).status).toBe(400)
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    expect((await send('/api/rest/books', deep(10_000))).status).toBe(400)
    expect((await send('/api/rest/books', `{"a":${deep(MAX_JSON_DEPTH - 1)}}`)).status).toBe(200)
    expect((await send('/api/rest/books', `{"a":${deep(MAX_JSON_DEPTH)}}`)).status).toBe(400)
  })

  it('refuses a JSON body that is not an object where better-auth and the RPC envelope expect one', async () => {
    for (const body of ['true', '[]', 'null', '"x"', '1']) {
      expect((await send('/api/auth/update-user', body)).status, body).toBe(400)
      expect((await send('/api/rpc/books/list', body)).status, body).toBe(400)
    }
    expect((await send('/api/auth/update-user', '{"name":"A"}')).status).toBe(200)
  })
})

describe('jsonDepth', () => {
  it('counts brackets outside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{"}]}')).toBe(3)
    expect(jsonDepth('"\\"[["')).toBe(0)
    expect(jsonDepth('1')).toBe(0)
  })
})

describe('bodyLimits on an upload route', () => {
  const uploads = bodyLimits(65536, { paths: [/^\/api\/rest\/books\/[^/]+\/cover$/], maxBytes: 200_000 })
  const put = (path: string, body: Uint8Array) =>
    uploads(
      new Request(`http://localhost:3000${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(body),
      }),
      echo,
    )

  it('takes bytes of any value up to its own limit, and refuses more with the picture message', async () => {
    const picture = new Uint8Array(150_000).fill(0)
    expect((await put('/api/rest/books/1/cover', picture)).status).toBe(200)
    const tooLarge = await put('/api/rest/books/1/cover', new Uint8Array(200_001))
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toEqual({
      code: 'PICTURE_TOO_LARGE',
      message: 'This file is larger than 0.2 MB: choose a smaller picture.',
    })
  })

  it('keeps the other routes to their own limit, and NUL bytes out of them', async () => {
    expect((await put('/api/rest/books/1', new Uint8Array(100))).status).toBe(400)
    expect((await put('/api/rest/books/1/cover/x', new Uint8Array(70_000).fill(97))).status).toBe(413)
  })
})
