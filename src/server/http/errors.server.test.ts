import { describe, expect, it } from 'vitest'

import { isDatabaseUnavailable, unreachable } from '@/server/db/unavailable.server'

import { errorAnswers } from './errors.server'

const throwing = (error: unknown) => async () => {
  throw error
}
const send = (path: string, error: unknown, headers: Record<string, string> = {}) =>
  errorAnswers(new Request(`http://localhost:3000${path}`, { headers }), throwing(error))

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, under any wrapping', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true)
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true)
  })

  it('counts any failure to obtain a connection, whatever its SQLSTATE', () => {
    const closed = () =>
      Object.assign(new Error('database "books" is not currently accepting connections'), { code: '55000' })
    // The same code from a statement on an open connection is a bug, not an outage.
    expect(isDatabaseUnavailable(closed())).toBe(false)
    expect(isDatabaseUnavailable(unreachable(closed()))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: unreachable(closed()) }))).toBe(true)
    expect(isDatabaseUnavailable(unreachable('refused'))).toBe(true)
  })

  it('does not mistake the caller’s mistakes or bugs for it', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})

describe('error answers', () => {
  it("gives a route's own 503 a Retry-After, and keeps one it set", async () => {
    const answer =
      (headers: Record<string, string> = {}) =>
      async () =>
        Response.json({ code: 'SERVICE_UNAVAILABLE' }, { status: 503, headers })
    const request = new Request('http://localhost:3000/api/rpc/book/list', { method: 'POST' })
    expect((await errorAnswers(request, answer())).headers.get('retry-after')).toBe('5')
    expect((await errorAnswers(request, answer({ 'retry-after': '30' }))).headers.get('retry-after')).toBe('30')
    const ok = await errorAnswers(request, async () => Response.json({}))
    expect(ok.headers.has('retry-after')).toBe(false)
  })

  it('answers 503 in the caller language when the database cannot be reached', async () => {
    const api = await send('/api/rest/books', Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), {
      'accept-language': 'fr',
    })
    expect(api.status).toBe(503)
    expect(await api.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Le service est temporairement indisponible. Réessayez dans un instant.',
    })
    const page = await send('/manager/books', new Error('PGlite is closed'))
    expect(page.status).toBe(503)
    expect(await page.text()).toContain('temporarily unavailable')
  })

  it('answers 500 without the error text for anything else', async () => {
    const response = await send('/api/rest/books', new Error('secret stack at /srv/app.js:1'))
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(JSON.parse(body)).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong' })
    expect(body).not.toContain('/srv')
  })
})
