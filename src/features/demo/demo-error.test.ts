import { describe, expect, it } from 'vitest'
import { assertWritable, DemoModeError, demoModeResponse, isDemoModeError } from './demo-error'

describe('assertWritable', () => {
  it('throws a DemoModeError (code DEMO_MODE, status 403) in demo mode only', () => {
    expect(() => assertWritable(false)).not.toThrow()
    expect(() => assertWritable(true)).toThrow(DemoModeError)
    try {
      assertWritable(true)
    } catch (error) {
      expect(error).toMatchObject({ code: 'DEMO_MODE', status: 403 })
    }
  })
})

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
    // a server function's error, as rebuilt on the client (message only)
    expect(isDemoModeError(new Error('DEMO_MODE'))).toBe(true)
    expect(isDemoModeError(new DemoModeError())).toBe(true)
    expect(new DemoModeError().message).toBe('DEMO_MODE')
    // wrapped (fetch clients, query libraries)
    expect(isDemoModeError({ status: 403, body: { code: 'DEMO_MODE' } })).toBe(true)
    expect(isDemoModeError(new Error('wrapped', { cause: new DemoModeError() }))).toBe(true)
  })

  it('is false for anything else', () => {
    for (const value of [null, undefined, 'DEMO_MODE', 403, new Error('Forbidden'), { code: 'INVALID_OTP', status: 403 }, { status: 403 }]) {
      expect(isDemoModeError(value)).toBe(false)
    }
  })
})
