import { beforeAll, describe, expect, it } from 'vitest'

import { genre } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'
import { everyPage } from '@/test/pages'

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

describe('genre.list', () => {
  it.each(['admin', 'user'] as const)(
    'lists genres by name for a signed-in %s, with the total on the first page',
    async (caller) => {
      const client = await api.client(caller)
      const page = await client.genre.list({})
      const names = (await api.db.select({ name: genre.name }).from(genre)).map((row) => row.name).sort()
      expect(page.total).toBe(names.length)
      expect(page.items.map((item) => item.name)).toEqual(names.slice(0, 20))
    },
  )

  it('pages through every genre once, in order, and counts the total only on the first page', async () => {
    const client = await api.client('user')
    const pages = await everyPage((cursor) => client.genre.list({ limit: 3, cursor }))
    const names = (await api.db.select({ name: genre.name }).from(genre)).map((row) => row.name).sort()
    expect(pages.flatMap((page) => page.items.map((item) => item.name))).toEqual(names)
    expect(pages).toHaveLength(Math.ceil(names.length / 3))
    expect(pages.slice(1).map((page) => page.total)).toEqual(pages.slice(1).map(() => null))
  })

  it('finds a genre by any part of its name, whatever the case; wildcards are literal', async () => {
    const client = await api.client('user')
    const [first] = await api.db.select({ name: genre.name }).from(genre).limit(1)
    const part = first!.name.slice(1, 4).toUpperCase()
    const page = await client.genre.list({ searchTerm: part })
    expect(page.items.map((item) => item.name)).toContain(first!.name)
    expect(page.items.every((item) => item.name.toLowerCase().includes(part.toLowerCase()))).toBe(true)
    expect((await client.genre.list({ searchTerm: '%' })).total).toBe(0)
  })

  it('refuses a signed-out caller with 401 and a translated message, over REST and RPC', async () => {
    const rest = await api.rest('anonymous', 'GET', '/genres')
    expect(rest.status).toBe(401)
    expect(await rest.json()).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'You need to sign in to do this.',
      data: { key: 'ui:api.unauthorized' },
    })
    const rpc = await api.rpc('anonymous', '/genre/list', {})
    expect(rpc.status).toBe(401)
    await expect((await api.client('anonymous')).genre.list({})).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    })
  })

  it('answers a bad cursor or a bad limit with 400 and the field it concerns, never a 500', async () => {
    const badCursor = await api.rest('user', 'GET', '/genres?cursor=not-a-cursor')
    expect(badCursor.status).toBe(400)
    expect(await badCursor.json()).toMatchObject({ data: { fields: { cursor: 'ui:api.invalidCursor' } } })
    const badLimit = await api.rest('user', 'GET', '/genres?limit=100000')
    expect(badLimit.status).toBe(400)
    const body = (await badLimit.json()) as { message: string; data: { fields: Record<string, string> } }
    expect(body.message).toBe('Must be less than or equal to 100')
    expect(Object.keys(body.data.fields)).toEqual(['limit'])
    expect(JSON.stringify(body)).not.toMatch(/select|stack|at \w+ \(/i)
  })
})

describe('genre.get', () => {
  it('returns a genre to both roles and 404 for an unknown id', async () => {
    const [first] = await api.db.select().from(genre).limit(1)
    for (const caller of ['admin', 'user'] as const) {
      const client = await api.client(caller)
      expect(await client.genre.get({ id: first!.id })).toEqual({
        id: first!.id,
        name: first!.name,
        color: first!.color,
      })
    }
    const missing = await api.rest('user', 'GET', '/genres/does-not-exist')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Not Found' })
    expect((await api.rest('anonymous', 'GET', `/genres/${first!.id}`)).status).toBe(401)
  })
})

describe('errors in the caller language', () => {
  it('translates messages by the Accept-Language header', async () => {
    const french = await createApiHarness({ language: 'fr-FR,fr;q=0.9' })
    const response = await french.rest('anonymous', 'GET', '/genres')
    expect(await response.json()).toMatchObject({ message: 'Vous devez vous connecter pour faire cela.' })
  })
})

describe('one session lookup per request', () => {
  it('reads the session once for all the procedures one request context calls', async () => {
    const client = await api.client('user')
    // Every session read (the one-query read and better-auth's getSession) starts from the auth context.
    const auth = api.auth as { $context: unknown }
    const context = auth.$context
    let reads = 0
    Object.defineProperty(auth, '$context', { configurable: true, get: () => (reads++, context) })
    try {
      const [first] = await Promise.all([client.genre.list({}), client.genre.list({ searchTerm: 'a' })])
      await client.genre.get({ id: first.items[0]!.id })
      expect(reads).toBe(1)
    } finally {
      Object.defineProperty(auth, '$context', { configurable: true, writable: true, value: context })
    }
  })
})
