import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { auditLog, passkey, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

let api: ApiHarness
let demo: ApiHarness

beforeAll(async () => {
  ;[api, demo] = await Promise.all([createApiHarness(), createApiHarness({ demoMode: true })])
})

async function idOf(email: string, harness = api) {
  return (await harness.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id
}

/** A passkey row (the WebAuthn ceremony itself is proven in Chromium, e2e/passkeys.spec.ts). */
async function addPasskeyRow(userId: string, name: string, harness = api) {
  const id = randomUUID()
  await harness.db.insert(passkey).values({
    id,
    name,
    publicKey: 'AAAA',
    userId,
    credentialID: randomUUID(),
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
    aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
  })
  return id
}

const status = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (e: { status: number }) => e.status,
  )

describe("a user's passkeys in the user manager", () => {
  it('are listed for the admin (name, where they live, added, last used), refused to a user and to nobody', async () => {
    const userId = await idOf('user@user.com')
    await addPasskeyRow(userId, 'Phone')
    const listed = await (await api.client('admin')).user.passkeys({ id: userId })
    expect(listed).toContainEqual({
      id: expect.any(String),
      name: 'Phone',
      authenticator: 'Google Password Manager',
      synced: true,
      createdAt: expect.any(String),
      lastUsedAt: null,
    })
    expect(await status((await api.client('user')).user.passkeys({ id: userId }))).toBe(403)
    expect(await status((await api.client('anonymous')).user.passkeys({ id: userId }))).toBe(401)
  })

  it('are removed by the admin, recorded in the audit trail; another user’s id is not found', async () => {
    const userId = await idOf('user@user.com')
    const adminId = await idOf('admin@admin.com')
    const lost = await addPasskeyRow(userId, 'Lost laptop')
    const admin = await api.client('admin')
    expect(await status(admin.user.removePasskey({ id: adminId, passkeyId: lost }))).toBe(404)
    expect(await status((await api.client('user')).user.removePasskey({ id: userId, passkeyId: lost }))).toBe(403)
    expect(await admin.user.removePasskey({ id: userId, passkeyId: lost })).toEqual({ success: true })
    expect(await api.db.select().from(passkey).where(eq(passkey.id, lost))).toEqual([])
    const entries = await api.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passkey.remove'), eq(auditLog.targetUserId, userId)))
    expect(entries).toContainEqual({ actorId: adminId, details: { name: 'Lost laptop' } })
  })

  it("a person's own removal (account page) is recorded too", async () => {
    const userId = await idOf('user@user.com')
    await addPasskeyRow(userId, 'Spare')
    const old = await addPasskeyRow(userId, 'Old key')
    expect(await (await api.client('user')).account.removePasskey({ id: old })).toEqual({ success: true })
    const entries = await api.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passkey.remove'), eq(auditLog.targetUserId, userId)))
    expect(entries).toContainEqual({ actorId: userId, details: { name: 'Old key' } })
  })
})

describe('demo mode', () => {
  it('refuses removing a passkey, from the account page and the user manager, and keeps it (adding one is refused by the auth service: demo-mode.integration.test.ts)', async () => {
    const userId = await idOf('user@user.com', demo)
    const kept = await addPasskeyRow(userId, 'Demo key', demo)
    expect(await status((await demo.client('user')).account.removePasskey({ id: kept }))).toBe(403)
    expect(await status((await demo.client('admin')).user.removePasskey({ id: userId, passkeyId: kept }))).toBe(403)
    expect(await demo.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.id, kept))).toEqual([{ id: kept }])
  })
})
