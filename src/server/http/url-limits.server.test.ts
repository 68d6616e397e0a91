import { describe, expect, it } from 'vitest'

import { MAX_URL_LENGTH, urlLimits } from './url-limits.server'

const reached = async () => new Response('reached')
const send = (path: string, last = reached) => urlLimits(new Request(`http://localhost:3000${path}`), last)

describe('URL limits', () => {
  it('refuses a URL longer than the limit with 414', async () => {
    expect((await send(`/manager/books?searchTerm=${'a'.repeat(MAX_URL_LENGTH)}`)).status).toBe(414)
    const api = await send(`/api/rest/books?searchTerm=${'a'.repeat(MAX_URL_LENGTH)}`)
    expect(api.status).toBe(414)
    expect(await api.json()).toMatchObject({ code: 'URI_TOO_LONG' })
    expect((await send(`/manager/books?searchTerm=${'a'.repeat(100)}`)).status).toBe(200)
  })

  it('refuses NUL in the query or the path, and a path that does not decode, with 400', async () => {
    const page = await send('/manager/books?searchTerm=%00')
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('The request is malformed.')
    expect((await send('/api/rest/books?searchTerm=a%00b')).status).toBe(400)
    expect((await send('/api/rest/books/%00')).status).toBe(400)
    expect((await send('/api/rest/books?%00=1')).status).toBe(400)
    expect((await send('/manager/books/%E0%A4%A')).status).toBe(400)
    expect((await send('/manager/books?searchTerm=%E2%82%AC')).status).toBe(200)
  })

  it('never echoes a too long redirect target into Location', async () => {
    const long = `/login?redirect=${encodeURIComponent(`/manager/books?searchTerm=${'x'.repeat(MAX_URL_LENGTH)}`)}`
    const redirect = (location: string) => async () =>
      new Response(null, { status: 307, headers: { location, 'set-cookie': 'a=1' } })
    const response = await send('/manager', redirect(long))
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/login')
    expect(response.headers.get('set-cookie')).toBe('a=1')
    expect((await send('/manager', redirect(`/${'x'.repeat(MAX_URL_LENGTH + 1)}`))).headers.get('location')).toBe('/')
    expect((await send('/manager', redirect('/login?redirect=%2Fmanager'))).headers.get('location')).toBe(
      '/login?redirect=%2Fmanager',
    )
  })
})
