import { Writable } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { createLogger, isClientAbort, MAX_STRING } from './logger.server'

function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { log: createLogger(stream, 'info'), lines }
}

describe('logger', () => {
  it('bounds every value: a 1 MB field makes a short line', () => {
    const { log, lines } = capture()
    log.info(
      {
        title: 'x'.repeat(1024 * 1024),
        list: Array.from({ length: 1000 }, (_, i) => i),
        deep: { a: { b: { c: { d: { e: { f: 1 } } } } } },
      },
      'y'.repeat(100_000),
    )
    const line = JSON.stringify(lines[0])
    expect(line.length).toBeLessThan(4000)
    expect((lines[0]!.title as string).length).toBeLessThan(MAX_STRING + 30)
    expect((lines[0]!.list as unknown[]).length).toBe(21)
  })

  it('redacts cookies, authorization, passwords, tokens, codes and query parameters at any depth', () => {
    const { log, lines } = capture()
    log.info({
      headers: { cookie: 'better-auth.session_token=abc' },
      request: {
        authorization: 'Bearer abc',
        cookie: 'a=b',
        nested: { password: 'pw', sessionToken: 'tok', otp: '123456', code: '654321' },
      },
      params: ['alice@example.com', '123456'],
      secret: 'AUTH_SECRET value',
    })
    const text = JSON.stringify(lines[0])
    for (const leaked of ['abc', 'a=b', 'pw', 'tok', '123456', '654321', 'alice@example.com', 'AUTH_SECRET value'])
      expect(text).not.toContain(leaked)
  })

  it('logs an error by class, code and a short message; the cause too', () => {
    const { log, lines } = capture()
    class DatabaseError extends Error {
      code = '23505'
    }
    const cause = new DatabaseError('duplicate key value violates unique constraint "user_email_unique"')
    const error = new Error(`Failed query: select 1\nparams: ${'secret-param,'.repeat(100)}`, { cause })
    log.error({ err: error }, 'procedure failed')
    expect(lines[0]).toMatchObject({
      msg: 'procedure failed',
      err: { type: 'Error', message: 'Failed query: select 1', cause: { type: 'DatabaseError', code: '23505' } },
    })
    expect(JSON.stringify(lines[0])).not.toContain('secret-param')
  })

  it('recognises a client that went away', () => {
    expect(isClientAbort(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))).toBe(true)
    expect(isClientAbort(new Error('aborted'))).toBe(true)
    expect(isClientAbort(new DOMException('The operation was aborted', 'AbortError'))).toBe(true)
    expect(isClientAbort(new Error('relation "book" does not exist'))).toBe(false)
  })
})
