import { afterEach, describe, expect, it, vi } from 'vitest'

import { resetEnvForTests } from '@/lib/env.server'

import { languageCookie } from './language-cookie.server'

const page = () =>
  Promise.resolve(new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }))

async function cookieOf(url: string, init?: RequestInit) {
  const response = await languageCookie(new Request(url, init), page)
  return response.headers.get('set-cookie')
}

describe('languageCookie', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    resetEnvForTests()
  })

  it('remembers ?lng= in the product’s cookie: 43200 minutes, path /, SameSite lax', async () => {
    expect(await cookieOf('http://x/login?lng=sw')).toBe('i18next=sw; Path=/; Max-Age=2592000; SameSite=Lax')
    expect(await cookieOf('http://x/app/books?searchTerm=a&lng=fr-CA')).toContain('i18next=fr;')
    expect(await cookieOf('https://x/login?lng=ar')).toContain('; Secure')
  })

  it('is Secure behind a TLS-terminating proxy when BASE_URL is https, though the request arrives as http', async () => {
    vi.stubEnv('BASE_URL', 'https://books.example.com')
    resetEnvForTests()
    expect(await cookieOf('http://x/login?lng=fr')).toBe('i18next=fr; Path=/; Max-Age=2592000; SameSite=Lax; Secure')
  })

  it('keeps the page’s status and body', async () => {
    const response = await languageCookie(new Request('http://x/nope?lng=fr'), () =>
      Promise.resolve(new Response('missing', { status: 404 })),
    )
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('missing')
  })

  it('sets nothing without a supported language, for the API or for a POST', async () => {
    expect(await cookieOf('http://x/login')).toBeNull()
    expect(await cookieOf('http://x/login?lng=de')).toBeNull()
    expect(await cookieOf('http://x/login?lng=%3Cscript%3E')).toBeNull()
    expect(await cookieOf('http://x/api/rpc/book/list?lng=fr')).toBeNull()
    expect(await cookieOf('http://x/login?lng=fr', { method: 'POST', body: '' })).toBeNull()
  })
})
