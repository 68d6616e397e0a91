import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { apiDoors } from './api-doors.server'

/** The URL paths of the file routes under src/routes/api (health, docs, the OpenAPI document). */
function apiRoutePaths(dir = path.resolve(import.meta.dirname, '../../routes/api')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return apiRoutePaths(file)
    const route = path
      .relative(path.resolve(import.meta.dirname, '../../routes'), file)
      .replace(/\.tsx?$/, '')
      .replace(/\[\.\]/g, '.')
      .replace(/\/index$/, '')
    return [`/${route}`]
  })
}

const rpc = async () => new Response('rpc')
const rest = async () => new Response('rest')
const auth = async () => new Response('auth')
const apiDoor = apiDoors({ rpc, rest, auth })

describe('the API doors before the page router', () => {
  it('take the typed client, REST and the auth service by their prefixes', async () => {
    expect(apiDoor('/api/rpc/book/list')).toBe(rpc)
    expect(apiDoor('/api/rest/books')).toBe(rest)
    const authDoor = apiDoor('/api/auth/sign-out')!
    expect(
      await (await authDoor(new Request('http://localhost:3000/api/auth/sign-out', { method: 'POST' }))).text(),
    ).toBe('auth')
  })

  it('leave pages, documents and look-alike paths to the router', () => {
    // The file routes under /api (health, docs, the OpenAPI document) would be shadowed by a wider door.
    const paths = apiRoutePaths()
    expect(paths).toContain('/api/openapi.json')
    for (const pathname of [...paths, '/', '/login', '/api', '/api/rpc', '/api/rpcx/a', '/api/authx', '/x/api/rpc/a']) {
      expect(apiDoor(pathname), pathname).toBeUndefined()
    }
  })
})
