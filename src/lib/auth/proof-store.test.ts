// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'

import { fetchWithProof } from './proof-fetch'
import { isProofAsked, proofAction, settleProof } from './proof-store'

const json = (status: number, body: unknown) => Response.json(body, { status })

/** A server answering from `answers` in turn, recording each request's body. */
function server(answers: Response[]) {
  const bodies: string[] = []
  const impl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    bodies.push(input instanceof Request ? await input.text() : String(init?.body))
    return answers[bodies.length - 1]!
  })
  return { impl, bodies }
}

describe('fetchWithProof (the proof of presence, docs/decisions/035)', () => {
  const refusals = {
    'the auth service': json(403, { code: 'SESSION_EXPIRED', message: 'Session expired.' }),
    "better-auth's fresh-session check": json(403, { code: 'SESSION_NOT_FRESH' }),
    'the app API (RPC)': json(403, { json: { code: 'FORBIDDEN', data: { authCode: 'SESSION_EXPIRED' } } }),
  }
  for (const [door, refusal] of Object.entries(refusals)) {
    it(`asks for the proof when ${door} wants it, then sends the same request again`, async () => {
      const { impl, bodies } = server([refusal.clone(), json(200, { success: true })])
      const pending = fetchWithProof(impl)(
        new Request('http://localhost/api/rpc/user/delete', { method: 'POST', body: '{"id":"1"}' }),
      )
      await vi.waitFor(() => expect(isProofAsked()).toBe(true))
      settleProof(true)
      expect((await pending).status).toBe(200)
      expect(bodies).toEqual(['{"id":"1"}', '{"id":"1"}'])
      expect(isProofAsked()).toBe(false)
    })
  }

  it('answers the refusal when the dialog is dismissed, and never asks for any other answer', async () => {
    const { impl } = server([
      json(403, { code: 'SESSION_EXPIRED' }),
      json(403, { code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS' }),
    ])
    const fetchIt = fetchWithProof(impl)
    const pending = fetchIt('/api/auth/delete-user', { method: 'POST', body: '{}' })
    await vi.waitFor(() => expect(isProofAsked()).toBe(true))
    settleProof(false)
    expect((await pending).status).toBe(403)
    expect(impl).toHaveBeenCalledTimes(1)
    expect((await fetchIt('/api/auth/admin/remove-user', { method: 'POST', body: '{}' })).status).toBe(403)
    expect(isProofAsked()).toBe(false)
  })

  const named = {
    'the auth service': json(403, { code: 'SESSION_EXPIRED', proofAction: 'setRole' }),
    'the app API (RPC)': json(403, { json: { data: { authCode: 'SESSION_EXPIRED', proofAction: 'setRole' } } }),
  }
  for (const [door, refusal] of Object.entries(named)) {
    it(`keeps the action ${door} names for the dialog; an unknown one is none`, async () => {
      const { impl } = server([
        refusal.clone(),
        json(200, {}),
        json(403, { code: 'SESSION_EXPIRED', proofAction: 'x' }),
      ])
      const fetchIt = fetchWithProof(impl)
      const first = fetchIt('/api/x', { method: 'POST', body: '{}' })
      await vi.waitFor(() => expect(isProofAsked()).toBe(true))
      expect(proofAction()).toBe('setRole')
      settleProof(true)
      await first
      const second = fetchIt('/api/x', { method: 'POST', body: '{}' })
      await vi.waitFor(() => expect(isProofAsked()).toBe(true))
      expect(proofAction()).toBeNull()
      settleProof(false)
      await second
    })
  }
})
