import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { user } from '@/server/db/schema'
import { clearDevMailbox } from '@/server/email/dev-mailbox.server'
import { type ApiHarness, type Caller, createApiHarness } from '@/test/api'
import { readCode } from '@/test/auth-requests'

/**
 * One rule per field on every route of the auth service that writes it (and
 * the app API): name (1–100 characters, no markup), image (an http(s) URL of
 * bounded length), role (`admin` or `user`, never a list).
 */
const LONG_NAME = `<b>${'x'.repeat(3_025)}</b>`

let api: ApiHarness
let targetId: string

beforeAll(async () => {
  api = await createApiHarness()
  targetId = (await api.db.select({ id: user.id }).from(user).where(eq(user.email, 'hugo.ito@example.com')))[0]!.id
})

async function post(caller: Caller, path: string, body: unknown) {
  const { status, code } = await api.authPost(caller, path, body)
  return { status, code }
}

async function stored(id: string) {
  return (await api.db.select().from(user).where(eq(user.id, id)))[0]!
}

const BAD_NAMES: Array<[string, unknown, string]> = [
  ['3,028 characters with markup', LONG_NAME, 'NAME_INVALID'],
  ['101 characters', 'a'.repeat(101), 'NAME_INVALID'],
  ['markup', '<script>x</script>', 'NAME_INVALID'],
  ['a newline', 'Ann\nBee', 'NAME_INVALID'],
  ['blank', '   ', 'NAME_REQUIRED'],
  ['not a string', 42, 'NAME_INVALID'],
]
const BAD_IMAGES: Array<[string, unknown]> = [
  ['JSON', [[1]]],
  ['an object', { 1: 'x' }],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a data: URL', 'data:image/png;base64,AAAA'],
  ['a URL of 3,000 characters', `https://example.com/${'a'.repeat(3_000)}`],
]
const BAD_ROLES: Array<[string, unknown]> = [
  ['"user,admin"', 'user,admin'],
  ['a list of two', ['user', 'admin']],
  ['an unknown role', 'owner'],
  ['a number', 1],
]

describe('sign-up by code (/sign-in/email-otp with a name)', () => {
  async function signUp(email: string, extra: Record<string, unknown>) {
    clearDevMailbox()
    expect((await post('anonymous', '/email-otp/send-verification-otp', { email, type: 'sign-in' })).status).toBe(200)
    return post('anonymous', '/sign-in/email-otp', { email, otp: readCode(email), ...extra })
  }

  it.each(BAD_NAMES)('refuses a name: %s', async (_, name, code) => {
    const email = `signup-${Math.random().toString(36).slice(2)}@example.com`
    expect(await signUp(email, { name })).toEqual({ status: 400, code })
    expect(await api.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })

  it.each(BAD_IMAGES)('refuses an image: %s', async (_, image) => {
    const email = `signup-${Math.random().toString(36).slice(2)}@example.com`
    expect(await signUp(email, { image })).toEqual({ status: 400, code: 'IMAGE_INVALID' })
    expect(await api.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })

  it('keeps a good name, trimmed, and an https image', async () => {
    const email = `signup-ok-${Date.now()}@example.com`
    expect((await signUp(email, { name: '  Zoë Okafor ', image: 'https://example.com/a.png' })).status).toBe(200)
    const [row] = await api.db.select().from(user).where(eq(user.email, email))
    expect(row).toMatchObject({ name: 'Zoë Okafor', image: 'https://example.com/a.png' })
  })
})

describe('account update (/update-user)', () => {
  it.each(BAD_NAMES)('refuses a name: %s', async (_, name, code) => {
    expect(await post('user', '/update-user', { name })).toEqual({ status: 400, code })
  })

  it.each(BAD_IMAGES)('refuses an image: %s', async (_, image) => {
    expect(await post('user', '/update-user', { image })).toEqual({ status: 400, code: 'IMAGE_INVALID' })
  })

  it('accepts a good name and clears the image', async () => {
    expect((await post('user', '/update-user', { name: 'Uma User', image: null })).status).toBe(200)
    const [row] = await api.db.select().from(user).where(eq(user.email, 'user@user.com'))
    expect(row).toMatchObject({ name: 'Uma User', image: null })
  })
})

describe('admin create (/admin/create-user)', () => {
  const fresh = () => `created-${Math.random().toString(36).slice(2)}@example.com`

  it.each(BAD_NAMES)('refuses a name: %s', async (_, name, code) => {
    const email = fresh()
    expect(await post('admin', '/admin/create-user', { email, name })).toEqual({ status: 400, code })
    expect(await api.db.select().from(user).where(eq(user.email, email))).toHaveLength(0)
  })

  it.each(BAD_ROLES)('refuses a role: %s', async (_, role) => {
    expect(await post('admin', '/admin/create-user', { email: fresh(), name: 'Ann', role })).toEqual({
      status: 400,
      code: 'ROLE_INVALID',
    })
    expect(await post('admin', '/admin/create-user', { email: fresh(), name: 'Ann', data: { role } })).toEqual({
      status: 400,
      code: 'ROLE_INVALID',
    })
  })

  it.each(BAD_IMAGES)('refuses an image: %s', async (_, image) => {
    expect(await post('admin', '/admin/create-user', { email: fresh(), name: 'Ann', data: { image } })).toEqual({
      status: 400,
      code: 'IMAGE_INVALID',
    })
  })
})

describe('admin update (/admin/update-user, /admin/set-role)', () => {
  it.each(BAD_NAMES)('refuses a name: %s', async (_, name, code) => {
    expect(await post('admin', '/admin/update-user', { userId: targetId, data: { name } })).toEqual({
      status: 400,
      code,
    })
    expect((await stored(targetId)).name).toBe('Hugo Ito')
  })

  it.each(BAD_ROLES)('refuses a role: %s', async (_, role) => {
    expect(await post('admin', '/admin/update-user', { userId: targetId, data: { role } })).toEqual({
      status: 400,
      code: 'ROLE_INVALID',
    })
    expect(await post('admin', '/admin/set-role', { userId: targetId, role })).toEqual({
      status: 400,
      code: 'ROLE_INVALID',
    })
    expect((await stored(targetId)).role).toBe('user')
  })

  it.each(BAD_IMAGES)('refuses an image: %s', async (_, image) => {
    expect(await post('admin', '/admin/update-user', { userId: targetId, data: { image } })).toEqual({
      status: 400,
      code: 'IMAGE_INVALID',
    })
    expect((await stored(targetId)).image).toBeNull()
  })

  it('accepts a good name (trimmed) and a role', async () => {
    expect((await post('admin', '/admin/update-user', { userId: targetId, data: { name: ' Hugo I. ' } })).status).toBe(
      200,
    )
    expect((await post('admin', '/admin/set-role', { userId: targetId, role: ['admin'] })).status).toBe(200)
    expect(await stored(targetId)).toMatchObject({ name: 'Hugo I.', role: 'admin' })
    expect((await post('admin', '/admin/set-role', { userId: targetId, role: 'user' })).status).toBe(200)
  })
})

describe('the app API', () => {
  it('refuses the same names and roles (400 with the field message)', async () => {
    const admin = await api.client('admin')
    for (const [, name] of BAD_NAMES.filter(([, value]) => typeof value === 'string')) {
      await expect(
        admin.user.create({ name: name as string, email: `api-${Date.now()}@example.com`, role: 'user' }),
      ).rejects.toMatchObject({
        status: 400,
      })
    }
    for (const [, role] of BAD_ROLES) {
      await expect(admin.user.setRole({ id: targetId, role: role as 'user' })).rejects.toMatchObject({ status: 400 })
    }
    expect((await stored(targetId)).role).toBe('user')
  })
})

describe("a social provider's profile", () => {
  it('keeps the name and image rules: a name with markup or too long is left for onboarding, a non-http image dropped', async () => {
    const context = await api.auth.$context
    const signUp = (email: string, name: string, image: string) =>
      context.internalAdapter.createOAuthUser(
        { email, name, image, emailVerified: true },
        { providerId: 'github', accountId: email },
      )
    const { user: created } = await signUp(`provider.${Date.now()}@example.com`, LONG_NAME, 'javascript:alert(1)')
    expect(await stored(created.id)).toMatchObject({ name: '', image: null })
    const { user: fine } = await signUp(
      `provider.ok.${Date.now()}@example.com`,
      '  Ada Lovelace ',
      'https://avatars.example.com/ada.png',
    )
    expect(await stored(fine.id)).toMatchObject({ name: 'Ada Lovelace', image: 'https://avatars.example.com/ada.png' })
  })
})
