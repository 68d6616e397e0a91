import { describe, expect, it } from 'vitest'

import { crossSiteRefusal } from './cross-site.server'

const APP = 'http://localhost:3000'
const step = crossSiteRefusal([APP, 'https://admin.example.com'])
const reached = async () => new Response('reached')

async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const response = await step(new Request(`${APP}${path}`, init), reached)
  return { status: response.status, body: await response.text() }
}

describe('cross-site refusal', () => {
  it('refuses a state-changing request from another origin (403), in JSON on the API and in the caller language', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { status, body } = await send('/api/rest/users', {
        method,
        headers: { origin: 'https://evil.example', 'content-type': 'application/json', 'accept-language': 'fr' },
        body: '{}',
      })
      expect(status, method).toBe(403)
      expect(JSON.parse(body)).toEqual({
        code: 'CROSS_SITE_REQUEST',
        message: 'Cette requête venait d’un autre site et a été refusée.',
      })
    }
  })

  it("says which address to open when a page of this server was opened at one it is not set up for, in the person's language", async () => {
    // The browser's page is at http://127.0.0.1:3000, the app's address is http://localhost:3000.
    const headers = { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }
    const api = await send('/api/auth/email-otp/send-verification-otp', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'fr' },
      body: '{}',
    })
    expect(api.status).toBe(403)
    expect(JSON.parse(api.body)).toEqual({
      code: 'UNTRUSTED_ORIGIN',
      message:
        'Cette page a été ouverte à l’adresse \u2068http://127.0.0.1:3000\u2069, dont cette application n’accepte pas les formulaires. Ouvrez-la à l’adresse \u2068http://localhost:3000\u2069.',
    })
    // The same refusal of a page's form posted without its script: a page that says it.
    const page = await send('/login', { method: 'POST', headers: { ...headers, cookie: 'i18next=ar' } })
    expect(page.status).toBe(403)
    expect(page.body).toContain('<html lang="ar" dir="rtl">')
    expect(page.body).toContain('فُتحت هذه الصفحة على العنوان \u2068http://127.0.0.1:3000\u2069')
  })

  it('refuses by Sec-Fetch-Site when it is not same-origin or none, with a page off the API', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const { status, body } = await send('/login', { method: 'POST', headers: { 'sec-fetch-site': site } })
      expect(status, site).toBe(403)
      expect(body).toContain('<h1>Request refused</h1>')
      expect(body).not.toContain('<script')
    }
    expect(
      (
        await send('/api/rpc/books/list', {
          method: 'POST',
          headers: { 'sec-fetch-site': 'same-origin', origin: APP, 'content-type': 'application/json' },
          body: '{}',
        })
      ).body,
    ).toBe('reached')
    expect(
      (
        await send('/api/rpc/books/list', {
          method: 'POST',
          headers: { 'sec-fetch-site': 'none', 'content-type': 'application/json' },
          body: '{}',
        })
      ).body,
    ).toBe('reached')
  })

  it('lets through the app origin, a TRUSTED_ORIGINS one, reads, and clients that do not say (curl)', async () => {
    const json = { 'content-type': 'application/json' }
    expect(
      (
        await send('/api/rest/users', {
          method: 'POST',
          headers: { ...json, origin: 'https://admin.example.com' },
          body: '{}',
        })
      ).body,
    ).toBe('reached')
    expect((await send('/api/rest/users', { method: 'POST', headers: json, body: '{}' })).body).toBe('reached')
    expect(
      (await send('/api/rest/users', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }))
        .body,
    ).toBe('reached')
    // An opaque origin (sandboxed frame, data: URL) is another origin.
    expect(
      (await send('/api/rest/users', { method: 'POST', headers: { ...json, origin: 'null' }, body: '{}' })).status,
    ).toBe(403)
  })

  it('refuses form and text bodies on the JSON APIs (415), even without Origin', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    for (const path of ['/api/rest/users', '/api/rpc/users/create', '/api/auth/sign-out']) {
      expect((await send(path, { method: 'POST', headers: form, body: 'name=Mallory&role=admin' })).status, path).toBe(
        415,
      )
    }
    const multipart = new FormData()
    multipart.set('name', 'Mallory')
    expect((await send('/api/rpc/books/delete', { method: 'POST', body: multipart })).status).toBe(415)
    expect(
      (await send('/api/rest/users', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status,
    ).toBe(415)
    // A body with no type at all is refused too; no body (sign-out) is fine.
    expect(
      (await send('/api/rest/users', { method: 'POST', headers: { 'content-length': '2' }, body: new Blob(['{}']) }))
        .status,
    ).toBe(415)
    expect((await send('/api/auth/sign-out', { method: 'POST' })).body).toBe('reached')
    expect(
      (
        await send('/api/auth/sign-out', {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: '{}',
        })
      ).body,
    ).toBe('reached')
  })

  it('lets an identity provider post its answer back (form_post), which better-auth checks by its state', async () => {
    const init = {
      method: 'POST',
      headers: { origin: 'https://idp.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=1&state=2',
    }
    expect((await send('/api/auth/callback/github', init)).body).toBe('reached')
    expect((await send('/api/auth/oauth2/callback/oidc', init)).body).toBe('reached')
  })
})
