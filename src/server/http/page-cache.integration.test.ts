import { createRouterClient } from '@orpc/server'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import { pageIdentity, readSession } from '@/server/api/session-read.server'
import { book, genre, session, user } from '@/server/db/schema'
import { type ApiHarness, createApiHarness } from '@/test/api'

import { pageCache } from './page-cache.server'
import { type Next, pipeline } from './pipeline.server'
import { requestSteps } from './request-pipeline.server'
import { NONCE_HEADER } from './security-headers.server'

// The signed-in page cache on a real database: a session's book list is served
// again only while its session, its user and the page data version (migration
// 0006's triggers) are unchanged, and never to anyone else.

let api: ApiHarness
beforeAll(async () => {
  api = await createApiHarness()
})

let nonces = 0

/** A page that shows what the real list pages do: who is signed in, the books and their genres. */
function renderer() {
  let renders = 0
  const render: Next = async (request) => {
    renders++
    const nonce = request.headers.get(NONCE_HEADER)
    const signedIn = await readSession(api.auth, api.db, request.headers)
    const [first] = await api.db.select().from(book).orderBy(asc(book.title), asc(book.id)).limit(1)
    const genres = await api.db.select({ name: genre.name }).from(genre).orderBy(asc(genre.name))
    const body = [
      `<script nonce="${nonce}"></script>`,
      `<p>${signedIn?.user.email ?? 'nobody'} (${signedIn?.user.name})</p>`,
      `<p>${first?.title}</p>`,
      `<p>${genres.map((row) => row.name).join(', ')}</p>`,
    ].join('')
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  }
  return { render, renders: () => renders }
}

function cachedPages() {
  const step = pageCache({ signedInIdentity: (request) => pageIdentity(api.auth, api.db, request.headers) })
  const { render, renders } = renderer()
  async function get(path: string, cookie: string | undefined, headers: Record<string, string> = {}) {
    const nonce = `nonce-${String(++nonces).padStart(18, '0')}`
    const request = new Request(`http://localhost:3000${path}`, {
      headers: { ...headers, ...(cookie ? { cookie } : {}), [NONCE_HEADER]: nonce },
    })
    const page = await (await step(request, render)).text()
    return { page, nonce }
  }
  return { get, renders }
}

describe('the page cache for signed-in book lists', () => {
  it('serves a session its own list page again, with a fresh nonce, rendered once', async () => {
    const { get, renders } = cachedPages()
    const cookie = await api.cookie('admin')
    const first = await get('/manager/books', cookie)
    const second = await get('/manager/books', cookie)
    expect(renders()).toBe(1)
    expect(first.page).toContain('admin@admin.com')
    expect(second.page).toBe(first.page.replaceAll(first.nonce, second.nonce))
    expect(second.page).not.toContain(first.nonce)
  })

  it("never serves one session's page to another session", async () => {
    const { get, renders } = cachedPages()
    await get('/app/books', await api.cookie('admin'))
    const other = await get('/app/books', await api.cookie('user'))
    expect(renders()).toBe(2)
    expect(other.page).toContain('user@user.com')
    expect(other.page).not.toContain('admin@admin.com')
  })

  it('renders again after a write to the books, the genres or the users, by anyone', async () => {
    const { get, renders } = cachedPages()
    const cookie = await api.cookie('admin')
    await get('/manager/books', cookie)

    const [first] = await api.db.select().from(book).orderBy(asc(book.title), asc(book.id)).limit(1)
    await api.db.update(book).set({ title: '  A first title, renamed' }).where(eq(book.id, first!.id))
    expect((await get('/manager/books', cookie)).page).toContain('  A first title, renamed')
    expect(renders()).toBe(2)

    await api.db.insert(genre).values({ id: 'page-cache-genre', name: 'Aaa page cache', color: '#000000' })
    expect((await get('/manager/books', cookie)).page).toContain('Aaa page cache')
    expect(renders()).toBe(3)

    // Another user's change (their name, a role, a ban) also changes the version.
    await api.db.update(user).set({ name: 'Someone else' }).where(eq(user.email, 'user@user.com'))
    await get('/manager/books', cookie)
    expect(renders()).toBe(4)

    await api.db.update(user).set({ name: 'The Admin, renamed' }).where(eq(user.email, 'admin@admin.com'))
    expect((await get('/manager/books', cookie)).page).toContain('The Admin, renamed')
    await get('/manager/books', cookie)
    expect(renders()).toBe(5)
  })

  it('renders every time once the session has ended, and for a forged cookie', async () => {
    const { get, renders } = cachedPages()
    api.forget('user')
    const cookie = (await api.cookie('user'))!
    await get('/app/books', cookie)
    await get('/app/books', cookie)
    expect(renders()).toBe(1)

    const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!
    await api.db.delete(session).where(eq(session.token, token))
    expect((await get('/app/books', cookie)).page).toContain('nobody')
    expect((await get('/app/books', cookie)).page).toContain('nobody')
    expect(renders()).toBe(3)

    const forged = `${cookie.slice(0, -4)}AAA%3D`
    await get('/app/books', forged)
    await get('/app/books', forged)
    expect(renders()).toBe(5)
    api.forget('user')
  })

  it('keeps one page per URL and language, and renders the other signed-in pages every time', async () => {
    const { get, renders } = cachedPages()
    const cookie = await api.cookie('admin')
    await get('/manager/books', cookie)
    await get('/manager/books?searchTerm=dune', cookie)
    await get('/manager/books', cookie, { 'accept-language': 'fr' })
    expect(renders()).toBe(3)
    await get('/manager/books?searchTerm=dune', cookie)
    expect(renders()).toBe(3)

    await get('/manager/users', cookie)
    await get('/manager/users', cookie)
    await get('/app/account', cookie)
    await get('/app/account', cookie)
    expect(renders()).toBe(7)
  })
})

describe('the poisoning reproduction (issue 26): a signed-in page is never kept for anonymous visitors', () => {
  const BASE_URL = 'http://localhost:3000'

  /** The real pipeline in front of a page that reads the session as the root route does (`auth.session`). */
  function site() {
    let renders = 0
    const env = parseEnv({ BASE_URL })
    const render: Next = async (request) => {
      renders++
      const context = apiContext({ headers: request.headers, db: api.db, auth: api.auth, env })
      const signedIn = await createRouterClient(router, { context }).auth.session()
      const body = `<script nonce="${request.headers.get(NONCE_HEADER)}"></script><p>${signedIn?.email ?? 'nobody'}</p>`
      return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    }
    const handle = pipeline(
      requestSteps(env, () => '127.0.0.1'),
      render,
    )
    const get = async (path: string, cookie?: string) =>
      (await handle(new Request(`${BASE_URL}${path}`, { headers: cookie === undefined ? {} : { cookie } }))).text()
    return { get, renders: () => renders }
  }

  it.each([
    ['NBSP', '\u00a0'],
    ['two NBSPs', '\u00a0\u00a0'],
    ['a space', ' '],
    ['a tab', '\t'],
    ['a vertical tab', '\u000b'],
    ['a form feed', '\u000c'],
    ['NBSP after another cookie', 'i18next=en;\u00a0'],
    ['a tab after another cookie', 'i18next=en;\t'],
  ])('the next anonymous visitor of /about?ref=1 is not served the page of a cookie led by %s', async (_, lead) => {
    const { get, renders } = site()
    const cookie = await api.cookie('admin')
    const path = `/about?ref=${encodeURIComponent(lead)}`
    const attacker = await get(path, `${lead}${cookie}`)
    expect(attacker).toContain('admin@admin.com')
    const visitor = await get(path)
    expect(visitor).not.toContain('admin@admin.com')
    expect(visitor).toContain('nobody')
    expect(renders()).toBe(2)
  })
})
