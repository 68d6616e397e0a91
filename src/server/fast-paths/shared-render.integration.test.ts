import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { type ApiHarness, createApiHarness } from '@/test/api'
import { sharedPageSite } from '@/test/page-site'

// The shared render (shared-render.server.ts) in the real pipeline, in front of a page that reads
// the person as the root route does and the catalogue as the book lists do (src/test/page-site.ts),
// on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): each person is
// served their own page from one render, which a write to a book forgets.

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

const site = () => sharedPageSite(api)

/** A page with its nonce taken out: two answers of one page differ by it alone. */
const withoutNonce = (page: string) => page.replace(/ nonce="[^"]+"/g, '')

let people = 0
/** A new person (role user), onboarded, then given `name` in SQL: a writer other than the app may store any text. */
async function newPerson(name: string) {
  const email = `shared-${++people}@example.com`
  const cookie = (await api.cookie({ email }))!
  await (await api.client({ email })).auth.onboard({ name: 'Someone' })
  await api.db.execute(sql`update "user" set name = ${name} where email = ${email}`)
  await vi.waitFor(async () => expect((await (await api.client({ email })).auth.session())?.name).toBe(name))
  return { email, cookie }
}

/** Repeats `get` until it is served from the kept render (the listener may start after the first). */
async function servedKept(shared: ReturnType<typeof sharedPageSite>, get: () => Promise<string>) {
  await vi.waitFor(
    async () => {
      await get()
      const before = shared.renders()
      await get()
      expect(shared.renders()).toBe(before)
    },
    { timeout: 5000, interval: 50 },
  )
}

describe('a shared page', () => {
  it('is rendered once for everyone of a role, and each person is served their own values, escaped', async () => {
    const shared = site()
    const ada = await newPerson(`Ada <b>"Love" & 'lace'</b>`)
    const bob = await newPerson('Bob </script><script>alert(1)</script> \u2028')
    const path = '/app/books?searchTerm=the'
    await servedKept(shared, () => shared.get(path, ada.cookie))
    const renders = shared.renders()

    const bobsPage = await shared.get(path, bob.cookie)
    const adasPage = await shared.get(path, ada.cookie)
    expect(shared.renders()).toBe(renders)
    expect(bobsPage).not.toContain(ada.email)
    expect(adasPage).not.toContain(bob.email)
    // The same bytes as each one's own render (a request that asks for a fresh answer).
    expect(withoutNonce(bobsPage)).toBe(
      withoutNonce(await shared.get(path, bob.cookie, { 'cache-control': 'no-cache' })),
    )
    expect(withoutNonce(adasPage)).toBe(withoutNonce(await shared.get(path, ada.cookie, { pragma: 'no-cache' })))
    expect(shared.renders()).toBe(renders + 2)
    expect(bobsPage).toContain('Bob &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(bobsPage).not.toContain('</script><script>alert(1)')
    // Each answer its own nonce.
    expect(new Set([bobsPage, adasPage].map((page) => / nonce="([^"]+)"/.exec(page)![1])).size).toBe(2)
  })

  it('is forgotten by a write to a book, in any process (plain SQL here)', async () => {
    const shared = site()
    const ada = await newPerson('Ada')
    const path = '/manager/books?searchTerm=shared-render-title'
    const admin = await api.client('admin')
    const adminCookie = (await api.cookie('admin'))!
    await servedKept(shared, () => shared.get(path, adminCookie))
    await admin.book.create({ title: 'Shared-render-title One', author: 'Someone' })
    await vi.waitFor(async () => expect(await shared.get(path, adminCookie)).toContain('Shared-render-title One'))
    await servedKept(shared, () => shared.get(path, adminCookie))
    await api.db.execute(sql`update book set title = 'Shared-render-title Two' where title = 'Shared-render-title One'`)
    await vi.waitFor(async () => expect(await shared.get(path, adminCookie)).toContain('Shared-render-title Two'))
    // Another role is another render: a person (role user) is not served the administrator's page.
    const adasPage = await shared.get(path, ada.cookie)
    expect(adasPage).toContain('>Ada</p>')
    expect(adasPage).toContain('data-role="user"')
  })

  it('is not served to anyone anonymous, nor to a request whose stand-in header came from outside', async () => {
    const shared = site()
    const adminCookie = (await api.cookie('admin'))!
    const path = '/app/books?searchTerm=a'
    await servedKept(shared, () => shared.get(path, adminCookie))
    expect(await shared.get(path)).toContain('nobody')
    const forged = await shared.get(path, adminCookie, { 'x-start-session-read': 'guess' })
    expect(forged).toContain('admin@admin.com')
  })
})
