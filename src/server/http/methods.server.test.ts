import { describe, expect, it } from 'vitest'

import { FORM_POST_PAGES } from '@/server/forms/form-pages.server'

import { methodCheck } from './methods.server'

const reached = async () => new Response('reached')
const send = (method: string, path: string) =>
  methodCheck(FORM_POST_PAGES)(new Request(`http://localhost:3000${path}`, { method }), reached)

describe('method check', () => {
  it('serves pages with GET and HEAD only: 405 with Allow and a page', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const response = await send(method, '/manager/books')
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD')
      expect(response.headers.get('content-type')).toContain('text/html')
    }
    expect(await (await send('GET', '/manager/books')).text()).toBe('reached')
    expect(await (await send('HEAD', '/')).text()).toBe('reached')
  })

  it('answers each API with the methods it serves, in JSON', async () => {
    const options = await send('OPTIONS', '/api/auth/get-session')
    expect(options.status).toBe(405)
    expect(options.headers.get('allow')).toBe('GET, POST')
    expect(await options.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' })
    expect((await send('PUT', '/api/rpc/books/list')).headers.get('allow')).toBe('GET, POST')
    expect((await send('DELETE', '/api/rest/books/1')).status).toBe(200)
    expect((await send('PROPFIND', '/api/rest/books')).status).toBe(405)
    expect((await send('POST', '/api/docs')).headers.get('allow')).toBe('GET, HEAD')
    expect((await send('POST', '/api/health')).status).toBe(405)
  })

  it('keeps the framework’s server-function door shut: 404 in JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await send(method, '/_serverFn/eyJmaWxlIjoiL3NyYy94In0')
      expect(response.status, method).toBe(404)
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not Found' })
    }
  })
})
