import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { session, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

let api: ApiHarness
let demo: ApiHarness

beforeAll(async () => {
  ;[api, demo] = await Promise.all([createApiHarness(), createApiHarness({ demoMode: true })])
})

async function status(call: Promise<unknown>) {
  return call.then(
    () => 200,
    (error: { status: number }) => error.status,
  )
}

/** A second session of `email` (another device), returned as its id. */
async function anotherSessionOf(harness: ApiHarness, email: string) {
  const [owner] = await harness.db.select({ id: user.id }).from(user).where(eq(user.email, email))
  const before = new Set(
    (await harness.db.select({ id: session.id }).from(session).where(eq(session.userId, owner!.id))).map(
      (row) => row.id,
    ),
  )
  harness.forget({ email })
  await harness.cookie({ email })
  const after = await harness.db.select({ id: session.id }).from(session).where(eq(session.userId, owner!.id))
  return after.find((row) => !before.has(row.id))!.id
}

describe('account.sessions', () => {
  it('refuses a signed-out caller (401)', async () => {
    expect(await status((await api.client('anonymous')).account.sessions())).toBe(401)
    expect((await api.rest('anonymous', 'GET', '/account/sessions')).status).toBe(401)
  })

  it.each(['user', 'admin'] as const)(
    'lists the %s’s own sessions only, the current one marked, no token',
    async (caller) => {
      const client = await api.client(caller)
      const sessions = await client.account.sessions()
      const email = caller === 'user' ? 'user@user.com' : 'admin@admin.com'
      const [owner] = await api.db.select({ id: user.id }).from(user).where(eq(user.email, email))
      const own = await api.db.select({ id: session.id }).from(session).where(eq(session.userId, owner!.id))
      expect(sessions.map((entry) => entry.id).sort()).toEqual(own.map((row) => row.id).sort())
      expect(sessions.filter((entry) => entry.current)).toHaveLength(1)
      expect(JSON.stringify(sessions)).not.toMatch(/token/i)
    },
  )

  it('answers in demo mode (a read)', async () => {
    expect((await (await demo.client('user')).account.sessions()).length).toBeGreaterThan(0)
  })
})

describe('account.revokeSession', () => {
  it('refuses a signed-out caller (401)', async () => {
    expect(await status((await api.client('anonymous')).account.revokeSession({ id: 'whatever' }))).toBe(401)
  })

  it.each([
    ['user', 'user@user.com', 'admin@admin.com'],
    ['admin', 'admin@admin.com', 'user@user.com'],
  ] as const)(
    'signs another device of the %s out, never someone else’s session or the current one',
    async (_caller, email, otherEmail) => {
      const victim = await anotherSessionOf(api, otherEmail)
      const older = await anotherSessionOf(api, email)
      // The newest sign-in (the harness's cookie now) is the current session; `older` is another device.
      const other = await anotherSessionOf(api, email)
      const client = await api.client({ email })
      const current = (await client.account.sessions()).find((entry) => entry.current)!.id
      expect(current).toBe(other)

      expect(await status(client.account.revokeSession({ id: victim }))).toBe(404)
      expect(await status(client.account.revokeSession({ id: current }))).toBe(404)
      expect(await status(client.account.revokeSession({ id: 'unknown' }))).toBe(404)
      expect(await client.account.revokeSession({ id: older })).toEqual({ success: true })

      const left = (await api.db.select({ id: session.id }).from(session)).map((row) => row.id)
      expect(left).not.toContain(older)
      expect(left).toContain(victim)
      expect(left).toContain(current)
    },
  )

  it('answers over REST as DELETE /account/sessions/{id}', async () => {
    const older = await anotherSessionOf(api, 'user@user.com')
    await anotherSessionOf(api, 'user@user.com')
    const response = await api.rest('user', 'DELETE', `/account/sessions/${older}`)
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await api.db.select().from(session).where(eq(session.id, older))).toEqual([])
  })

  it('is refused in demo mode (403 DEMO_MODE) and revokes nothing', async () => {
    const older = await anotherSessionOf(demo, 'user@user.com')
    await anotherSessionOf(demo, 'user@user.com')
    const error = await (
      await demo.client('user')
    ).account
      .revokeSession({ id: older })
      .catch((e: unknown) => e as { status: number; code: string })
    expect(error).toMatchObject({ status: 403, code: 'DEMO_MODE' })
    expect((await demo.rest('admin', 'DELETE', `/account/sessions/${older}`)).status).toBe(403)
    expect(await demo.db.select().from(session).where(eq(session.id, older))).toHaveLength(1)
  })
})

describe('account.revokeOtherSessions', () => {
  it('refuses a signed-out caller (401)', async () => {
    expect(await status((await api.client('anonymous')).account.revokeOtherSessions())).toBe(401)
  })

  it('signs every other device of the caller out, never the current one or someone else’s', async () => {
    const victim = await anotherSessionOf(api, 'admin@admin.com')
    const older = await anotherSessionOf(api, 'user@user.com')
    const current = await anotherSessionOf(api, 'user@user.com')
    const client = await api.client({ email: 'user@user.com' })
    expect(await client.account.revokeOtherSessions()).toEqual({ success: true })

    const [owner] = await api.db.select({ id: user.id }).from(user).where(eq(user.email, 'user@user.com'))
    const own = await api.db.select({ id: session.id }).from(session).where(eq(session.userId, owner!.id))
    expect(own.map((row) => row.id)).toEqual([current])
    const left = (await api.db.select({ id: session.id }).from(session)).map((row) => row.id)
    expect(left).not.toContain(older)
    expect(left).toContain(victim)
  })

  it('answers over REST as DELETE /account/sessions, and is refused in demo mode', async () => {
    await anotherSessionOf(api, 'admin@admin.com')
    const response = await api.rest('admin', 'DELETE', '/account/sessions')
    expect(response.status, await response.clone().text()).toBe(200)
    const older = await anotherSessionOf(demo, 'user@user.com')
    await anotherSessionOf(demo, 'user@user.com')
    expect((await demo.rest('user', 'DELETE', '/account/sessions')).status).toBe(403)
    expect(await demo.db.select().from(session).where(eq(session.id, older))).toHaveLength(1)
  })
})
