import { describe, expect, it } from 'vitest'

import { toApiError } from './api-errors.server'

describe('toApiError', () => {
  it('answers 503, temporarily unavailable, when the database cannot be reached', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const error = await toApiError(new Error('Failed query: select * from "book"', { cause: refused }), 'fr')
    expect(error.status).toBe(503)
    expect(error.code).toBe('SERVICE_UNAVAILABLE')
    expect(error.message).toBe('Le service est temporairement indisponible. Réessayez dans un instant.')
    expect(error.message).not.toContain('select')
  })

  it('still answers a unique violation 409 and a bug 500', async () => {
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'user_email_unique' })
    expect(await toApiError(new Error('Failed query', { cause: duplicate }), 'en')).toMatchObject({
      status: 409,
      message: 'Email already used',
    })
    expect(await toApiError(new TypeError('x is undefined'), 'en')).toMatchObject({
      status: 500,
      message: 'Something went wrong',
    })
  })
})
