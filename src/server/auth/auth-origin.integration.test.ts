import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Auth } from './auth.server'

/**
 * better-auth skips its origin (CSRF) check when NODE_ENV is `test`; this file
 * runs as in development (its own worker: vitest isolates test files), so the
 * check is live and we can prove it compares with our BASE_URL.
 */
vi.hoisted(() => {
  process.env.NODE_ENV = 'development'
  process.env.LOG_LEVEL = 'silent'
  delete process.env.TEST
})

const BASE_URL = 'http://localhost:3000'
let auth: Auth

beforeAll(async () => {
  const { createTestDatabase } = await import('@/test/database')
  const { parseEnv } = await import('@/lib/env.server')
  const { createAuth } = await import('./auth.server')
  const handle = await createTestDatabase()
  auth = createAuth(handle.db, parseEnv({ NODE_ENV: 'development', BASE_URL, RATE_LIMIT: 'false' }))
})

function sendCode(headers: Record<string, string>) {
  return auth.handler(
    new Request(`${BASE_URL}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'user@user.com', type: 'sign-in' }),
    }),
  )
}

describe('origin check on POST', () => {
  // better-auth logs each refusal through our logger (auth.server.ts): expected here, kept quiet.
  let errors: ReturnType<typeof vi.spyOn>
  beforeEach(async () => {
    const { logger } = await import('@/server/platform/logger.server')
    errors = vi.spyOn(logger, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    errors.mockRestore()
  })
  const logged = () => errors.mock.calls.flat().join(' ')

  it('accepts a request from the configured BASE_URL', async () => {
    const response = await sendCode({ origin: BASE_URL, cookie: 'i18next=en' })
    expect(response.status, await response.clone().text()).toBe(200)
  })

  it('refuses a request from another origin with INVALID_ORIGIN', async () => {
    const response = await sendCode({ origin: 'https://evil.example', cookie: 'i18next=en' })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { code: string }).code).toBe('INVALID_ORIGIN')
    expect(logged()).toMatch(/Invalid origin: https:\/\/evil\.example/)
  })

  it('refuses a cross-site form post from a browser', async () => {
    const response = await sendCode({
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'cors',
    })
    expect(response.status).toBe(403)
  })
})
