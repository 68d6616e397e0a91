import { describe, expect, it, vi } from 'vitest'

import { AUTH_RETRY, retryingFetch } from './auth-client'

/** A fetch answering from `outcomes` in turn (a status, or 'network' for a request that never arrives). */
function fakeFetch(outcomes: Array<number | 'network'>) {
  const calls: string[] = []
  const impl = vi.fn(async (input: string | URL | Request) => {
    calls.push(String(input instanceof Request ? input.url : input))
    const outcome = outcomes[Math.min(calls.length - 1, outcomes.length - 1)]!
    if (outcome === 'network') throw new TypeError('Failed to fetch')
    return new Response(null, { status: outcome })
  })
  return { impl, calls }
}

describe('retryingFetch (auth-service calls, docs/product.md#auth-calls)', () => {
  it('retries a network failure and a 5xx linearly, 1000 ms apart, then answers', async () => {
    const { impl } = fakeFetch(['network', 503, 200])
    const sleep = vi.fn(async (_ms: number) => {})
    const response = await retryingFetch(impl, sleep)('/api/auth/email-otp/send-verification-otp', {
      method: 'POST',
      body: '{}',
    })
    expect(response.status).toBe(200)
    expect(impl).toHaveBeenCalledTimes(3)
    expect(sleep.mock.calls).toEqual([[1000], [1000]])
  })

  it('gives up after a bounded number of retries: the last answer, or the network error', async () => {
    const server = fakeFetch([500])
    const sleep = vi.fn(async (_ms: number) => {})
    expect((await retryingFetch(server.impl, sleep)('/api/auth/get-session')).status).toBe(500)
    expect(server.impl).toHaveBeenCalledTimes(AUTH_RETRY.retries + 1)

    const offline = fakeFetch(['network'])
    await expect(retryingFetch(offline.impl, sleep)('/api/auth/get-session')).rejects.toThrow('Failed to fetch')
    expect(offline.impl).toHaveBeenCalledTimes(AUTH_RETRY.retries + 1)
    expect(sleep.mock.calls.every(([ms]) => ms === 1000)).toBe(true)
  })

  it('never retries a 4xx (a wrong code, a rate limit) nor an aborted request', async () => {
    for (const status of [400, 401, 403, 429]) {
      const { impl } = fakeFetch([status, 200])
      const sleep = vi.fn(async (_ms: number) => {})
      expect((await retryingFetch(impl, sleep)('/api/auth/sign-in/email-otp', { method: 'POST' })).status).toBe(status)
      expect(impl).toHaveBeenCalledOnce()
      expect(sleep).not.toHaveBeenCalled()
    }
    const controller = new AbortController()
    controller.abort()
    const { impl } = fakeFetch(['network', 200])
    await expect(
      retryingFetch(impl, async () => {})('/api/auth/get-session', { signal: controller.signal }),
    ).rejects.toThrow()
    expect(impl).toHaveBeenCalledOnce()
  })
})
