import { describe, expect, it } from 'vitest'
import { retryQuery } from './api-error'

describe('retryQuery', () => {
  it('retries network and server failures three times', () => {
    expect(retryQuery(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryQuery(2, { status: 500 })).toBe(true)
    expect(retryQuery(3, { status: 503 })).toBe(false)
  })

  it('never retries an answer about the request itself (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(retryQuery(0, { status })).toBe(false)
  })
})
