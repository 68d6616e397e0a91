import { readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { handleRestRequest, handleRpcRequest } from '@/server/api/handlers.server'

import { apiDoor } from './api-doors.server'

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

describe('the API doors before the page router', () => {
  it('take the typed client, REST and the auth service by their prefixes', () => {
    expect(apiDoor('/api/rpc/book/list')).toBe(handleRpcRequest)
    expect(apiDoor('/api/rest/books')).toBe(handleRestRequest)
    expect(apiDoor('/api/auth/get-session')).toBeTypeOf('function')
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
