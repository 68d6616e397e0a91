import { describe, expect, it } from 'vitest'

import { pipeline, type PipelineStep, withRequestHeaders, withResponseHeaders } from './pipeline.server'

describe('pipeline', () => {
  it('runs the steps in order around the last handler, each able to rewrite the request and the answer', async () => {
    const calls: string[] = []
    const step =
      (name: string): PipelineStep =>
      async (request, next) => {
        calls.push(`${name} in`)
        const headers = new Headers(request.headers)
        headers.append('x-seen', name)
        const response = await next(new Request(request, { headers }))
        calls.push(`${name} out`)
        response.headers.append('x-out', name)
        return response
      }
    const handle = pipeline([step('a'), step('b')], async (request) => {
      calls.push('last')
      return new Response(request.headers.get('x-seen'))
    })
    const response = await handle(new Request('http://localhost/'))
    expect(await response.text()).toBe('a, b')
    expect(response.headers.get('x-out')).toBe('b, a')
    expect(calls).toEqual(['a in', 'b in', 'last', 'b out', 'a out'])
  })

  it('lets a step answer without calling the rest', async () => {
    let reached = false
    const refuse: PipelineStep = async () => new Response('no', { status: 403 })
    const handle = pipeline([refuse], async () => {
      reached = true
      return new Response('yes')
    })
    expect((await handle(new Request('http://localhost/'))).status).toBe(403)
    expect(reached).toBe(false)
  })
})

describe('withResponseHeaders', () => {
  it('changes the headers in place when it can, and on a copy when they are immutable (a redirect)', async () => {
    const page = new Response('page', { status: 201, headers: { 'x-a': '1' } })
    const edited = withResponseHeaders(page, (headers) => headers.set('x-b', '2'))
    expect(edited).toBe(page)
    expect(edited.headers.get('x-b')).toBe('2')

    const redirect = Response.redirect('http://x/app', 307)
    const copied = withResponseHeaders(redirect, (headers) => headers.set('x-b', '2'))
    expect(copied).not.toBe(redirect)
    expect(copied.status).toBe(307)
    expect(copied.headers.get('location')).toBe('http://x/app')
    expect(copied.headers.get('x-b')).toBe('2')
  })
})

describe('withRequestHeaders', () => {
  it('changes the headers in place when it can, and on a copy with the same method and body when they are immutable', async () => {
    const request = new Request('http://x/api', { headers: { 'x-a': '1' } })
    const edited = withRequestHeaders(request, (headers) => headers.set('x-b', '2'))
    expect(edited).toBe(request)
    expect(edited.headers.get('x-b')).toBe('2')

    const post = new Request('http://x/api', { method: 'POST', body: 'hello', headers: { 'x-a': '1' } })
    // Immutable headers, as a redirect's.
    Object.defineProperty(post, 'headers', { value: Response.redirect('http://x/', 307).headers })
    const copied = withRequestHeaders(post, (headers) => headers.set('x-b', '2'))
    expect(copied).not.toBe(post)
    expect(copied.method).toBe('POST')
    expect(copied.headers.get('x-b')).toBe('2')
    expect(await copied.text()).toBe('hello')
  })
})
