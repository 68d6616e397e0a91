import { describe, expect, it } from 'vitest'

import { isApiPath, refusal } from './refusal.server'

describe('refusal', () => {
  it('is JSON { code, message } on the API paths, in the caller language', async () => {
    const response = await refusal(new Request('http://localhost:3000/api/rest/books?lng=ar'), 'PAYLOAD_TOO_LARGE')
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'الطلب كبير جدًا.' })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('is a small translated page elsewhere, right to left in Arabic, with no script and no body for HEAD', async () => {
    const page = await refusal(
      new Request('http://localhost:3000/manager', { headers: { cookie: 'i18next=ar' } }),
      'METHOD_NOT_ALLOWED',
      { allow: 'GET, HEAD' },
    )
    expect(page.status).toBe(405)
    expect(page.headers.get('allow')).toBe('GET, HEAD')
    const html = await page.text()
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('هذه الطريقة غير مسموح بها هنا.')
    expect(html).not.toMatch(/<script|<style|style=/)
    const head = await refusal(new Request('http://localhost:3000/manager', { method: 'HEAD' }), 'URI_TOO_LONG')
    expect(head.status).toBe(414)
    expect(await head.text()).toBe('')
  })

  it('knows the API paths', () => {
    for (const path of ['/api/rpc/x', '/api/rest/books', '/api/auth/sign-out', '/api/docs', '/_serverFn/abc'])
      expect(isApiPath(path), path).toBe(true)
    for (const path of ['/', '/login', '/manager/books', '/apis']) expect(isApiPath(path), path).toBe(false)
  })
})
