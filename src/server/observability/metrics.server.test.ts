import { describe, expect, it } from 'vitest'

import { routeTemplates } from '@/server/http/route-templates.server'

import { gauge, tally } from '../platform/tallies.server'
import { metricsText, requestMetrics } from './metrics.server'

const { templateOf } = routeTemplates(['/about', '/manager/books/$id', '/api/rpc/book/list'])
const step = requestMetrics(templateOf)
const answer = (status: number) => async () => new Response(null, { status })

/** The series of `name` in the text format: one line per label set. */
async function series(name: string) {
  const { body } = await metricsText()
  return body.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
}

describe('metrics', () => {
  it('counts requests by method, route template and status, never by URL', async () => {
    await step(new Request('http://app.test/manager/books/4f1e?search=alice@example.com'), answer(200))
    await step(new Request('http://app.test/manager/books/9a2b'), answer(200))
    const lines = await series('http_requests_total')
    expect(lines).toContain('http_requests_total{method="GET",route="/manager/books/$id",status="200"} 2')
    expect(lines.join('\n')).not.toContain('4f1e')
    expect(await series('http_request_duration_seconds_count')).toContain(
      'http_request_duration_seconds_count{method="GET",route="/manager/books/$id"} 2',
    )
  })

  it('a fuzzed URL or method never makes a new series', async () => {
    const httpSeries = async () => (await metricsText()).body.split('\n').filter((line) => /^http_/.test(line))
    // Each (method, route, status) the fuzzing below can give, once.
    await step(new Request('http://app.test/nothing'), answer(404))
    await step(new Request('http://app.test/nothing', { method: 'PROPFIND' }), answer(404))
    await step(new Request('http://app.test/about?a=b'), answer(200))
    const before = await httpSeries()
    const strange = [
      '/x'.repeat(500),
      '/%F0%9F%92%A9',
      '/api/rpc/book/list/../../x',
      '/manager/books/1/2/3',
      '/a\u0000b',
    ]
    for (let i = 0; i < 200; i++) {
      const path = `${strange[i % strange.length]}/${i}`
      await step(
        new Request(`http://app.test${path}`, { method: i % 2 ? 'GET' : ['PROPFIND', 'BREW', 'X'][i % 3] }),
        answer(404),
      )
      await step(new Request(`http://app.test/about?q=${i}`), answer(200))
    }
    const after = await httpSeries()
    expect(after.map((line) => line.replace(/ [\d.e+-]+$/, ''))).toEqual(
      before.map((line) => line.replace(/ [\d.e+-]+$/, '')),
    )
    expect(after.join('\n')).not.toMatch(/\/x\/x|%F0|\/1\/2\/3|q=/)
  })

  it('counts a failure that throws as a 500', async () => {
    await expect(
      step(new Request('http://app.test/api/rpc/book/list', { method: 'POST' }), () => Promise.reject(new Error('x'))),
    ).rejects.toThrow()
    expect(await series('http_requests_total')).toContain(
      'http_requests_total{method="POST",route="/api/rpc/book/list",status="500"} 1',
    )
  })

  it('shows the tallies and gauges the server keeps, and the process metrics', async () => {
    tally('start_books_test_total', 'a test counter', ['path', 'result']).inc({ path: 'p', result: 'hit' }, 3)
    gauge('start_books_test_gauge', 'a test gauge', ['state'], () => [{ labels: { state: 'in_use' }, value: 2 }])
    expect(await series('start_books_test_total')).toEqual(['start_books_test_total{path="p",result="hit"} 3'])
    expect(await series('start_books_test_gauge')).toEqual(['start_books_test_gauge{state="in_use"} 2'])
    expect(await series('process_cpu_user_seconds_total')).toHaveLength(1)
  })
})
