import { createRouterClient } from '@orpc/server'
import { beforeAll, describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { router } from '@/server/api/router.server'
import { type Next, pipeline } from '@/server/http/pipeline.server'
import { NONCE_HEADER } from '@/server/http/security-headers.server'
import { requestSteps } from '@/server/pipeline/request-pipeline.server'
import { type ApiHarness, createApiHarness } from '@/test/api'

// The page cache in the real pipeline, in front of a page that reads the
// session as the root route does (the `auth.session` procedure), on a real
// database: a page rendered for a session is never kept, so never served to
// anyone else (issue 26, docs/decisions/030-no-signed-in-page-cache.md).

const BASE_URL = 'http://localhost:3000'
let api: ApiHarness

beforeAll(async () => {
  api = await createApiHarness()
})

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
    requestSteps(
      env,
      () => '127.0.0.1',
      async () => ({ db: api.db, auth: api.auth }),
    ),
    render,
  )
  const get = async (path: string, cookie?: string) =>
    (await handle(new Request(`${BASE_URL}${path}`, { headers: cookie === undefined ? {} : { cookie } }))).text()
  return { get, renders: () => renders }
}

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
