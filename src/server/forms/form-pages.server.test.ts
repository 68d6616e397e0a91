import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { methodCheck } from '@/server/http/methods.server'

import { FORM_POST_PAGES } from './form-pages.server'

const ROUTES = path.resolve(import.meta.dirname, '../../routes')

/** Every route file's path and whether it answers POST (a `server.handlers.POST`). */
function routes(dir = ROUTES): Array<{ path: string; post: boolean }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return routes(file)
    const source = readFileSync(file, 'utf8')
    const route = /createFileRoute\('([^']+)'\)/.exec(source)?.[1]
    if (!route) return []
    return [{ path: route.replace(/(.)\/$/, '$1'), post: /server:\s*\{\s*handlers:\s*\{[^}]*\bPOST\b/.test(source) }]
  })
}

describe('form pages', () => {
  it('are exactly the routes that answer a form post', () => {
    const posting = routes()
      .filter((route) => route.post)
      .map((route) => route.path)
    expect(posting.sort()).toEqual([...FORM_POST_PAGES].sort())
  })

  it('let POST through the method check, with or without a trailing slash; other pages stay read only', async () => {
    const reached = async () => new Response('reached')
    for (const page of FORM_POST_PAGES) {
      for (const url of [page, `${page}/`]) {
        const response = await methodCheck(FORM_POST_PAGES)(
          new Request(`http://localhost:3000${url}`, { method: 'POST' }),
          reached,
        )
        expect(await response.text(), url).toBe('reached')
      }
      const put = await methodCheck(FORM_POST_PAGES)(
        new Request(`http://localhost:3000${page}`, { method: 'PUT' }),
        reached,
      )
      expect(put.status).toBe(405)
      expect(put.headers.get('allow')).toBe('GET, HEAD, POST')
    }
    const about = await methodCheck(FORM_POST_PAGES)(
      new Request('http://localhost:3000/about', { method: 'POST' }),
      reached,
    )
    expect(about.status).toBe(405)
  })
})
