import { createRouterClient, type RouterClient } from '@orpc/server'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { serialize } from 'seroval'

import { parseEnv } from '@/lib/env.server'
import { apiContext } from '@/server/api/context.server'
import { type Router, router } from '@/server/api/router.server'
import { pipeline } from '@/server/http/pipeline.server'
import { NONCE_HEADER } from '@/server/http/security-headers.server'
import { requestSteps } from '@/server/pipeline/request-pipeline.server'

import type { ApiHarness } from './api'

const BASE_URL = 'http://localhost:3000'

/**
 * The request pipeline, on the harness's database, in front of a page written by `page` (given the
 * request's nonce and an API client as the request's caller, as a server render calls the
 * procedures). `renders` counts the times it was rendered.
 */
export function pageSite(
  api: ApiHarness,
  page: (request: Request, client: RouterClient<Router>, nonce: string) => Promise<string>,
) {
  let renders = 0
  const env = parseEnv({ BASE_URL })
  const handle = pipeline(
    requestSteps(
      env,
      () => '127.0.0.1',
      async () => ({ db: api.db, auth: api.auth }),
    ),
    async (request) => {
      renders++
      const context = apiContext({ headers: request.headers, db: api.db, auth: api.auth, env })
      const html = await page(request, createRouterClient(router, { context }), request.headers.get(NONCE_HEADER)!)
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
  )
  const get = async (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    (await handle(new Request(`${BASE_URL}${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } }))).text()
  return { get, renders: () => renders }
}

/**
 * A page that reads what the shared book lists read (src/server/fast-paths/shared-render.server.ts):
 * the person as the root route does (`auth.session`), the catalogue (`book.list` with the URL's
 * search) and the genre menu (`genre.list`) as their loaders do, written by React with the
 * session in an inline script as the router writes it.
 */
export function sharedPageSite(api: ApiHarness) {
  return pageSite(api, async (request, client, nonce) => {
    const person = await client.auth.session()
    const searchTerm = new URL(request.url).searchParams.get('searchTerm') ?? ''
    const [books, genres] = person
      ? await Promise.all([client.book.list({ searchTerm }), client.genre.list({ searchTerm: '', limit: 100 })])
      : [{ items: [] }, { items: [] }]
    return renderToString(
      h(
        'body',
        null,
        h('p', { title: person?.email, 'data-role': person?.role }, person?.name ?? 'nobody'),
        h('ul', null, ...books.items.map((book) => h('li', { key: book.id }, book.title))),
        h('nav', null, ...genres.items.map((genre) => h('a', { key: genre.id }, genre.name))),
        h('script', { nonce, dangerouslySetInnerHTML: { __html: `$R=${serialize({ person })}` } }),
      ),
    )
  })
}
