import { describe, expect, it } from 'vitest'

import { routeTemplates, UNMATCHED } from './route-templates.server'

describe('route templates', () => {
  const { templateOf, add } = routeTemplates([
    '/',
    '/manager/books/$id',
    '/manager/books/new',
    '/manager/books/$id/update',
    '/api/rpc/$',
    '/api/rpc/book/list',
    '/api/rest/books/{id}',
  ])

  it('names the route a path belongs to: static segments before parameters, a splat last', () => {
    expect(templateOf('/')).toBe('/')
    expect(templateOf('/manager/books/new')).toBe('/manager/books/new')
    expect(templateOf('/manager/books/4f1e')).toBe('/manager/books/$id')
    expect(templateOf('/manager/books/4f1e/update/')).toBe('/manager/books/$id/update')
    expect(templateOf('/api/rpc/book/list')).toBe('/api/rpc/book/list')
    expect(templateOf('/api/rpc/book/nothing/here')).toBe('/api/rpc/$')
    expect(templateOf('/api/rest/books/12')).toBe('/api/rest/books/{id}')
  })

  it('answers `unmatched` for any path no route serves', () => {
    for (const path of ['/nothing', '/manager/books/1/2/3', '/api/rpc', '/%00', '/api/rest/books']) {
      expect(templateOf(path)).toBe(UNMATCHED)
    }
  })

  it('takes templates added later (the auth endpoints, once better-auth is up)', () => {
    expect(templateOf('/api/auth/admin/x')).toBe(UNMATCHED)
    add(['/api/auth/admin/:id'])
    expect(templateOf('/api/auth/admin/x')).toBe('/api/auth/admin/:id')
  })
})
