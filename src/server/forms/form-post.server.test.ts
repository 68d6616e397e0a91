import { describe, expect, it } from 'vitest'

import { visitorT } from './form-post.server'

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers })

describe('visitorT: a form result’s messages in the language of the page posted', () => {
  it('its ?lng= first, as the page itself is rendered', async () => {
    const t = await visitorT(post('http://localhost/login?lng=fr', { cookie: 'i18next=sw', 'accept-language': 'en' }))
    expect(t('auth:validation.emailInvalid')).toBe("L'e-mail est invalide")
  })

  it('then the language cookie, then the browser’s languages', async () => {
    const cookie = await visitorT(post('http://localhost/login', { cookie: 'i18next=sw', 'accept-language': 'fr' }))
    expect(cookie('auth:validation.emailInvalid')).toBe('Barua pepe si sahihi')
    const browser = await visitorT(post('http://localhost/login?lng=xx', { 'accept-language': 'fr' }))
    expect(browser('auth:validation.emailInvalid')).toBe("L'e-mail est invalide")
  })
})
