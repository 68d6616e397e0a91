import { ORPCError } from '@orpc/client'
import { describe, expect, it } from 'vitest'

import { demoModeResponse, isDemoModeError } from './demo-error'

describe('demoModeResponse', () => {
  it('is a 403 with the DEMO_MODE code', async () => {
    const response = demoModeResponse()
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      code: 'DEMO_MODE',
      message: 'This is a read-only demo, this action is disabled.',
    })
  })
})

describe('isDemoModeError', () => {
  it('recognises every shape a refusal takes on the client', () => {
    // better-auth client: { error: { code, status, message } }
    expect(isDemoModeError({ code: 'DEMO_MODE', status: 403, message: '…' })).toBe(true)
    // the typed API client (oRPC), refused by the procedure middleware
    const refused = new ORPCError('DEMO_MODE', {
      status: 403,
      message: 'This is a read-only demo, this action is disabled.',
    })
    expect(isDemoModeError(refused)).toBe(true)
    // wrapped (fetch clients, query libraries)
    expect(isDemoModeError({ status: 403, body: { code: 'DEMO_MODE' } })).toBe(true)
    expect(isDemoModeError(new Error('wrapped', { cause: refused }))).toBe(true)
  })

  it('is false for anything else', () => {
    const others = [
      null,
      undefined,
      'DEMO_MODE',
      403,
      new Error('Forbidden'),
      new ORPCError('FORBIDDEN', { status: 403 }),
      { code: 'INVALID_OTP', status: 403 },
      { status: 403 },
    ]
    for (const value of others) {
      expect(isDemoModeError(value)).toBe(false)
    }
  })
})
