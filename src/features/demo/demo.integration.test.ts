import { beforeAll, describe, expect, it } from 'vitest'

import { setupCommand } from '@/lib/demo/demo-info'
import { type ApiHarness, createApiHarness } from '@/test/api'

let api: ApiHarness
let demo: ApiHarness

beforeAll(async () => {
  ;[api, demo] = await Promise.all([createApiHarness(), createApiHarness({ demoMode: true })])
})

/** Asks the auth service for a sign-in code, as the login page does. */
async function sendCode(harness: ApiHarness, email: string) {
  const response = await harness.auth.handler(
    new Request('http://localhost:3000/api/auth/email-otp/send-verification-otp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, type: 'sign-in' }),
    }),
  )
  expect(response.status).toBe(200)
}

describe('demo.info', () => {
  it.each(['anonymous', 'user', 'admin'] as const)(
    'tells %s that demo mode is off, with no accounts',
    async (caller) => {
      expect(await (await api.client(caller)).demo.info()).toMatchObject({
        demoMode: false,
        setupCommand: setupCommand(undefined),
        repositoryUrl: null,
        accounts: [],
      })
    },
  )

  it('gives the repository and a command that clones it when one is configured', async () => {
    const configured = await createApiHarness({ env: { REPOSITORY_URL: 'https://github.com/acme/books' } })
    expect(await (await configured.client('anonymous')).demo.info()).toMatchObject({
      repositoryUrl: 'https://github.com/acme/books',
      setupCommand: setupCommand('https://github.com/acme/books'),
    })
  })

  it('lists the demo accounts in demo mode, over RPC and REST', async () => {
    const info = await (await demo.client('anonymous')).demo.info()
    expect(info).toMatchObject({ demoMode: true, accounts: ['admin@admin.com', 'user@user.com'] })
    expect(info.contactEmail).toMatch(/@/)
    expect(await (await demo.rest('user', 'GET', '/demo')).json()).toMatchObject({ demoMode: true })
  })
})

describe('demo.hint', () => {
  it.each(['anonymous', 'user', 'admin'] as const)(
    'is null for %s outside demo mode, even with a pending code',
    async (caller) => {
      await sendCode(api, 'user@user.com')
      expect(await (await api.client(caller)).demo.hint({ email: 'user@user.com' })).toBeNull()
    },
  )

  it('gives the pending code of a demo account in demo mode, and nothing for any other address', async () => {
    await sendCode(demo, 'user@user.com')
    const client = await demo.client('anonymous')
    expect((await client.demo.hint({ email: 'User@User.com' }))?.code).toMatch(/^\d{6}$/)
    expect(await client.demo.hint({ email: 'someone@example.com' })).toBeNull()
    const response = await demo.rest('anonymous', 'GET', `/demo/hint?email=${encodeURIComponent('user@user.com')}`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { code: string }).code).toMatch(/^\d{6}$/)
  })

  it('refuses an over-long address (400)', async () => {
    await expect((await api.client('anonymous')).demo.hint({ email: `${'a'.repeat(320)}@x.io` })).rejects.toMatchObject(
      { status: 400 },
    )
  })
})
