import { Writable } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { createLogger, logger as appLogger } from '@/server/platform/logger.server'

import { requestLog, routePattern } from './request-log.server'

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { log: createLogger(stream, 'info'), lines }
}

const BOOK_ID = '0b7f4c1e-2a4d-4c1b-9a53-6f1f3f0b9e21'

describe('request log step', () => {
  it('writes one line per request: id, method, route pattern, status, duration; the id goes back as X-Request-Id', async () => {
    const { log, lines } = capture()
    const response = await requestLog(log)(
      new Request(`http://app.test/manager/books/${BOOK_ID}/update?search=alice@example.com`),
      async () => new Response('ok', { status: 201 }),
    )
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      msg: 'request',
      requestId,
      method: 'GET',
      route: '/manager/books/:id/update',
      status: 201,
      level: 'info',
    })
    expect(lines[0]!.durationMs).toBeTypeOf('number')
    // No query string, no record ids, no e-mail addresses.
    expect(JSON.stringify(lines[0])).not.toContain('alice')
    expect(JSON.stringify(lines[0])).not.toContain(BOOK_ID)
  })

  it('keeps a short, plain incoming request id and replaces anything else', async () => {
    const { log } = capture()
    const step = requestLog(log)
    const answer = async () => new Response('ok')
    const withId = (id: string) => new Request('http://app.test/', { headers: { 'x-request-id': id } })
    expect((await step(withId('nginx-4f2a9c1b'), answer)).headers.get('x-request-id')).toBe('nginx-4f2a9c1b')
    for (const bad of ['a'.repeat(65), 'x<script>alert(1)</script>', 'short', 'with space inside ok']) {
      expect((await step(withId(bad), answer)).headers.get('x-request-id')).not.toBe(bad)
    }
  })

  it('sets the header on a response whose headers are frozen', async () => {
    const { log } = capture()
    const response = await requestLog(log)(new Request('http://app.test/old'), async () =>
      Response.redirect('http://app.test/new', 302),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('http://app.test/new')
    expect(response.headers.get('x-request-id')).toBeTruthy()
  })

  it('tags every line written while the request is handled with its id, across awaits', async () => {
    const { log, lines } = capture()
    const response = await requestLog(log)(new Request('http://app.test/api/rpc/book/list'), async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      log.info('inside the handler')
      return new Response('ok')
    })
    const requestId = response.headers.get('x-request-id')
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['inside the handler', requestId],
      ['request', requestId],
    ])
    // The app's own logger reads the same scope.
    expect(appLogger).toBeDefined()
  })

  it('logs a failure with the error class and code, without SQL parameters, and answers 500 without them', async () => {
    const { log, lines } = capture()
    const failure = Object.assign(
      new Error(
        'Failed query: insert into "verification" ("identifier", "value") values ($1, $2)\nparams: sign-in-otp-alice@example.com,123456:0',
      ),
      { code: '23505' },
    )
    const response = await requestLog(log)(
      new Request('http://app.test/api/auth/email-otp/send-verification-otp', { method: 'POST' }),
      () => Promise.reject(failure),
    )
    expect(response.status).toBe(500)
    expect(response.headers.get('x-request-id')).toBe(lines[0]!.requestId)
    const body = await response.text()
    expect(body).not.toContain('123456')
    expect(body).not.toContain('insert into')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'error',
      status: 500,
      method: 'POST',
      err: { type: 'Error', code: '23505' },
    })
    const text = JSON.stringify(lines[0])
    expect(text).toContain('Failed query: insert into')
    expect(text).not.toContain('123456')
    expect(text).not.toContain('alice@example.com')
  })

  it('logs a client that went away as one short line, not an error with a stack', async () => {
    const { log, lines } = capture()
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
    const response = await requestLog(log)(new Request('http://app.test/api/rpc/book/create', { method: 'POST' }), () =>
      Promise.reject(aborted),
    )
    expect(response.status).toBe(499)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'info', status: 499, aborted: true })
    expect(lines[0]!.err).toBeUndefined()
  })
})

describe('route pattern', () => {
  it('replaces record ids, keeps route words', () => {
    expect(routePattern('/api/rest/books/42')).toBe('/api/rest/books/:id')
    expect(routePattern('/manager/users/Xk2p9qLmZ0aB7cD4eF6gH8jK')).toBe('/manager/users/:id')
    expect(routePattern('/manager/books/new')).toBe('/manager/books/new')
    expect(routePattern('/api/rpc/book/list')).toBe('/api/rpc/book/list')
  })

  it('is bounded in length', () => {
    expect(routePattern(`/${'a'.repeat(5000)}`).length).toBeLessThan(260)
  })
})
