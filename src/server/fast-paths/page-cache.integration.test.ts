import { beforeAll, describe, expect, it } from 'vitest'

import { type ApiHarness, createApiHarness } from '@/test/api'
import { pageSite } from '@/test/page-site'

// The page cache in the real pipeline, in front of a page that reads the
// session as the root route does (the `auth.session` procedure), on a real
// database: a page rendered for a session is never kept, so never served to
// anyone else (issue 26, docs/decisions/030-no-signed-in-page-cache.md).

let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

const site = () =>
  pageSite(api, async (_request, client, nonce) => {
    const signedIn = await client.auth.session()
    return `<script nonce="${nonce}"></script><p>${signedIn?.email ?? 'nobody'}</p>`
  })

describe('the poisoning reproduction (issue 26)', () => {
  // Before the fix, NBSP, vertical tab and form feed got the admin's page kept and
  // served to the next anonymous visitor for 60 s (the render trimmed them, the
  // cache's own reading did not).
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
    const attacker = await get('/about?ref=1', `${lead}${cookie}`)
    expect(attacker).toContain('admin@admin.com')
    const visitor = await get('/about?ref=1')
    expect(visitor).not.toContain('admin@admin.com')
    expect(visitor).toContain('nobody')
    expect(renders()).toBe(2)
  })
})

describe('signed-in pages', () => {
  it('are never served from the anonymous cache, and anonymous ones are kept', async () => {
    const { get, renders } = site()
    const cookie = await api.cookie('user')
    for (const path of ['/about', '/login']) {
      expect(await get(path, cookie)).toContain('user@user.com')
      expect(await get(path, cookie)).toContain('user@user.com')
    }
    expect(renders()).toBe(4)
    // The book lists are shared by a render of their own, filled for each person (shared-render.integration.test.ts).
    for (const path of ['/app/books', '/manager/books']) expect(await get(path, cookie)).toContain('user@user.com')
    const before = renders()
    expect(await get('/about')).toContain('nobody')
    expect(await get('/about')).toContain('nobody')
    expect(renders()).toBe(before + 1)
  })
})
