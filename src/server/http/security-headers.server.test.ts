import { describe, expect, it } from 'vitest'

import { newNonce, NONCE_HEADER, securityHeaders } from './security-headers.server'

const html = async (request: Request) =>
  new Response(`<script nonce="${request.headers.get(NONCE_HEADER)}"></script>`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  })
const send = (path: string, last: (request: Request) => Promise<Response> = html, https = false) =>
  securityHeaders({ https })(
    new Request(`http://localhost:3000${path}`, { headers: { [NONCE_HEADER]: 'forged' } }),
    last,
  )

describe('security headers', () => {
  it('gives each page a fresh nonce, in its CSP and handed to the renderer', async () => {
    const first = await send('/login')
    const second = await send('/login')
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get('content-security-policy')!)![1]!
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(await first.text()).toBe(`<script nonce="${nonce}"></script>`)
    expect(second.headers.get('content-security-policy')).not.toContain(nonce)
    const policy = first.headers.get('content-security-policy')!
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`)
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"])
      expect(policy).toContain(directive)
    expect(/script-src[^;]*unsafe/.test(policy)).toBe(false)
  })

  it('lets a page draw pictures from itself, data: URLs and its own blob: URLs (a chosen file’s preview), nothing else', async () => {
    const policy = (await send('/manager/books/new')).headers.get('content-security-policy')!
    expect(policy).toContain("img-src 'self' data: blob:;")
    expect(policy).toContain("default-src 'self';")
    expect(policy.match(/blob:/g)).toHaveLength(1)
  })

  it('never hands out the same nonce twice, across refills of its random pool', () => {
    const nonces = Array.from({ length: 1000 }, newNonce)
    expect(new Set(nonces).size).toBe(1000)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })

  it('sets the fixed headers on every answer, HSTS over https only', async () => {
    const json = async () => Response.json({ ok: true })
    for (const response of [
      await send('/login'),
      await send('/api/rest/books', json),
      await send('/api/health', json),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy')).toContain('camera=()')
      // Passkeys work on the app's own pages (issue 28), and nowhere it is embedded.
      expect(response.headers.get('permissions-policy')).toContain('publickey-credentials-get=(self)')
      expect(response.headers.get('permissions-policy')).toContain('publickey-credentials-create=(self)')
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(response.headers.has('strict-transport-security')).toBe(false)
    }
    expect((await send('/api/rest/books', json)).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    )
    expect((await send('/login', html, true)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('keeps a route’s own policy (the API reference)', async () => {
    const docs = async () =>
      new Response('<html>', {
        headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" },
      })
    expect((await send('/api/docs', docs)).headers.get('content-security-policy')).toBe("script-src 'self'")
  })

  it('keeps answers that depend on the session out of caches, and others’ own cache rules', async () => {
    const cached = async () => new Response('x', { headers: { 'cache-control': 'public, max-age=3600' } })
    for (const path of ['/manager/books', '/api/rpc/books/list', '/api/rest/books', '/api/auth/get-session']) {
      expect((await send(path, cached)).headers.get('cache-control'), path).toBe('private, no-store')
    }
    expect((await send('/api/docs/init.js', cached)).headers.get('cache-control')).toBe('public, max-age=3600')
    // The browser alone may keep what a route says it may (a picture named by its content).
    const immutable = 'private, max-age=31536000, immutable'
    const own = async () => new Response('x', { headers: { 'cache-control': immutable } })
    expect((await send('/api/rest/pictures/covers/b/h-160.webp', own)).headers.get('cache-control')).toBe(immutable)
    const both = async () => new Response('x', { headers: { 'cache-control': 'private, public, max-age=60' } })
    expect((await send('/api/rest/books', both)).headers.get('cache-control')).toBe('private, no-store')
    expect((await send('/api/health', async () => new Response('ok'))).headers.get('cache-control')).toBe('no-store')
  })

  it('keeps every cookie an answer sets', async () => {
    const cookies = async () => {
      const headers = new Headers()
      headers.append('set-cookie', 'a=1')
      headers.append('set-cookie', 'b=2')
      return new Response(null, { status: 302, headers })
    }
    const response = await send('/api/auth/sign-out', cookies)
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
  })
})
