import { describe, expect, it } from 'vitest'

import { restMethodsAt } from './handlers.server'

describe('restMethodsAt', () => {
  it('reads the methods served at a REST path from the router, ids included', () => {
    expect(restMethodsAt('/books').sort()).toEqual(['GET', 'POST'])
    expect(restMethodsAt('/books/any-id').sort()).toEqual(['DELETE', 'GET', 'PUT'])
    expect(restMethodsAt('/account/sessions').sort()).toEqual(['DELETE', 'GET'])
    expect(restMethodsAt('/no/such/path')).toEqual([])
  })
})
