import { describe, expect, it } from 'vitest'

import { APP_OPENAPI_PATH, AUTH_OPENAPI_PATH } from '@/lib/api-docs'
import { router } from '@/server/api/router.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { createApiHarness } from '@/test/api'

import { API_DOCS_CONTENT_SECURITY_POLICY, API_DOCS_SCRIPT, apiDocsHtml, appOpenApiDocument } from './docs.server'

interface Schema {
  properties: Record<string, unknown>
}

interface Document {
  servers: Array<{ url: string }>
  paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>
}

/** Every procedure of the router with its REST route. */
function procedures(node: unknown, path: string[] = []): Array<{ id: string; method: string; path: string }> {
  const route = (node as { '~orpc'?: { route?: { method?: string; path?: string } } })['~orpc']?.route
  if (route) return [{ id: path.join('.'), method: (route.method ?? 'POST').toLowerCase(), path: route.path ?? '' }]
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) => procedures(child, [...path, key]))
}

describe('the application API document', () => {
  it('describes every procedure of the router at its REST route, under /api/rest', async () => {
    const document = (await appOpenApiDocument()) as Document
    expect(document.servers).toEqual([{ url: '/api/rest' }])
    const all = procedures(router)
    expect(all.length).toBeGreaterThan(2)
    for (const procedure of all) {
      expect(procedure.path, `${procedure.id} declares no REST path`).not.toBe('')
      expect(document.paths[procedure.path]?.[procedure.method], procedure.id).toMatchObject({
        operationId: procedure.id,
        tags: [expect.any(String)],
      })
    }
  })
})

describe('the shapes of the API', () => {
  it('are the same for books and users: date-time strings, one delete answer, a typed role', async () => {
    const document = (await appOpenApiDocument()) as Document
    const answer = (path: string, method: string) => {
      const { responses } = document.paths[path]![method] as { responses: Record<string, unknown> }
      return (responses['200'] as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema
    }
    const book = answer('/books/{id}', 'get')
    const user = answer('/users/{id}', 'get')
    for (const schema of [book, user]) {
      expect(schema.properties.createdAt).toEqual({ type: 'string', format: 'date-time' })
      expect(schema.properties.updatedAt).toEqual({ type: 'string', format: 'date-time' })
    }
    expect(user.properties.role).toEqual({ type: 'string', enum: ['admin', 'user'] })
    expect(answer('/books/{id}', 'delete')).toEqual(answer('/users/{id}', 'delete'))
  })
})

describe('the auth API document', () => {
  it.each([false, true])('is served by /api/auth (demo mode: %s), without the CDN reference page', async (demoMode) => {
    const api = await createApiHarness({ demoMode })
    const get = (path: string) =>
      handleAuthRequest(api.auth, new Request(`http://localhost:3000/api/auth${path}`), '203.0.113.7')
    const response = await get(AUTH_OPENAPI_PATH.replace('/api/auth', ''))
    expect(response.status).toBe(200)
    const document = (await response.json()) as Document
    expect(document.paths['/sign-in/email-otp']).toHaveProperty('post')
    expect((await get('/reference')).status).toBe(404)
  })
})

describe('the reference page', () => {
  it('lists both documents with names in the caller language, and runs no inline script', async () => {
    const html = await apiDocsHtml(
      new Request('http://localhost:3000/api/docs', { headers: { 'accept-language': 'fr' } }),
    )
    expect(html).toContain('<title lang="fr">Documentation de l&#39;API · Start Books</title>')
    const config = JSON.parse(
      /<script id="api-docs-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
    ) as unknown
    expect(config).toEqual({
      urls: [
        { url: APP_OPENAPI_PATH, name: "API de l'application" },
        { url: AUTH_OPENAPI_PATH, name: "API d'authentification" },
      ],
    })
    // Every other script is a file of the app's own; nothing from another origin.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!)
    expect(scripts.filter((attributes) => !attributes.includes('type="application/json"'))).toEqual([
      ' src="/api/docs/swagger-ui/swagger-ui-bundle.js"',
      ' src="/api/docs/swagger-ui/swagger-ui-standalone-preset.js"',
      ' src="/api/docs/init.js"',
    ])
    expect(html).not.toMatch(/https?:\/\//)
    expect(API_DOCS_SCRIPT).toContain('validatorUrl: null')
  })
})

describe('the reference page policy', () => {
  it('runs the app’s own script files only, and cannot be framed', () => {
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toContain("script-src 'self';")
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
    expect(API_DOCS_CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*(unsafe|https?:)/)
  })
})
