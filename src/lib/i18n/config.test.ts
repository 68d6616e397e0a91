import { describe, expect, it } from 'vitest'

import { fromAcceptLanguage, isLanguage, languageDir, LANGUAGES } from './config'
import { languageFromHeaders, languageFromRequest } from './detect.server'

describe('fromAcceptLanguage', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,ar;q=0.5,en;q=0.4', 'ar'],
    ['en;q=0.1, sw;q=0.9', 'sw'],
    ['SW-ke', 'sw'],
    ['de, *;q=0.5, en;q=0.3', 'en'],
    ['en-GB', 'en'],
  ])('%j → %s', (header, expected) => {
    expect(fromAcceptLanguage(header)).toBe(expected)
  })

  it.each([['de-DE,de;q=0.9'], ['fr;q=0'], ['*'], [''], [null], [undefined]])('%j → none', (header) => {
    expect(fromAcceptLanguage(header)).toBeUndefined()
  })
})

describe('languages', () => {
  it('are en, fr, ar, sw; Arabic alone right to left', () => {
    expect(LANGUAGES.map((language) => language.key)).toEqual(['en', 'fr', 'ar', 'sw'])
    expect(LANGUAGES.map((language) => languageDir(language.key))).toEqual(['ltr', 'ltr', 'rtl', 'ltr'])
    expect(isLanguage('fr')).toBe(true)
    expect(isLanguage('de')).toBe(false)
    expect(isLanguage(undefined)).toBe(false)
  })
})

describe('language of a request (query, cookie, browser)', () => {
  const headers = (values: Record<string, string>) => new Headers(values)

  it('prefers the lng query parameter, then the cookie, then Accept-Language', () => {
    const all = headers({ cookie: 'theme=dark; i18next=ar', 'accept-language': 'sw' })
    expect(languageFromRequest(new URL('http://x/login?lng=fr'), all)).toBe('fr')
    expect(languageFromRequest(new URL('http://x/login'), all)).toBe('ar')
    expect(languageFromHeaders(headers({ 'accept-language': 'sw,en;q=0.5' }))).toBe('sw')
  })

  it('ignores unsupported values and falls back to English', () => {
    const unsupported = headers({ cookie: 'i18next=de', 'accept-language': 'de' })
    expect(languageFromRequest(new URL('http://x/?lng=xx'), unsupported)).toBe('en')
    expect(languageFromHeaders(undefined)).toBe('en')
    expect(languageFromHeaders(headers({ cookie: 'other=1; i18next=de', 'accept-language': 'fr' }))).toBe('fr')
  })
})
