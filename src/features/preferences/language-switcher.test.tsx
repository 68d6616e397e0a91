// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { syncDetectedLanguage } from '@/lib/i18n/client'
import { createTestI18n, withI18n } from '@/lib/i18n/testing'

import { LanguageSwitcher } from './language-switcher'

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
}

function resetDocument() {
  const html = document.documentElement
  html.lang = 'en'
  html.dir = 'ltr'
  html.style.fontSize = ''
}

beforeEach(() => {
  clearCookies()
  localStorage.clear()
  sessionStorage.clear()
  resetDocument()
  window.history.replaceState(null, '', '/')
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('LanguageSwitcher', () => {
  it('is a labelled select listing the four languages by their own names', async () => {
    render(<LanguageSwitcher />, { wrapper: withI18n(await createTestI18n('en')) })
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement
    expect(select.value).toBe('en')
    const options = [...select.options].map((option) => [option.value, option.textContent, option.lang])
    expect(options).toEqual([
      ['en', 'English', 'en'],
      ['fr', 'Français', 'fr'],
      ['ar', 'العربية', 'ar'],
      ['sw', 'Kiswahili', 'sw'],
    ])
  })

  it('switches to Arabic: messages loaded, <html lang="ar" dir="rtl">, font scale 1.2, cookie and local storage written', async () => {
    const instance = await createTestI18n('en')
    expect(instance.hasResourceBundle('ar', 'ui')).toBe(false) // only the active language at first
    const cookieWrites = vi.spyOn(Document.prototype, 'cookie', 'set')
    render(<LanguageSwitcher />, { wrapper: withI18n(instance) })

    const before = Date.now()
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ar' } })

    // The label is now Arabic: the page re-rendered in the new language.
    const select = (await screen.findByRole('combobox', { name: 'اللغة' })) as HTMLSelectElement
    expect(select.value).toBe('ar')
    expect(instance.language).toBe('ar')
    expect(instance.hasResourceBundle('ar', 'ui')).toBe(true)
    const html = document.documentElement
    expect(html.lang).toBe('ar')
    expect(html.dir).toBe('rtl')
    expect(html.style.fontSize).toBe('120%')

    expect(localStorage.getItem('i18nextLng')).toBe('ar')
    expect(document.cookie).toContain('i18next=ar')
    // The cookie: 43200 minutes (30 days), path /, SameSite lax.
    const written = cookieWrites.mock.calls.map(([value]) => String(value)).find((v) => v.startsWith('i18next=ar'))
    expect(written).toBeDefined()
    expect(written).toContain('Path=/')
    expect(written).toContain('SameSite=Lax')
    const expires = Date.parse(/Expires=([^;]+)/.exec(written!)![1]!)
    const minutes = (expires - before) / 60_000
    expect(minutes).toBeGreaterThan(43200 - 1)
    expect(minutes).toBeLessThanOrEqual(43200 + 1)
  })

  it('switches back to a left-to-right language without a font scale', async () => {
    const instance = await createTestI18n('ar')
    document.documentElement.dir = 'rtl'
    document.documentElement.style.fontSize = '120%'
    render(<LanguageSwitcher />, { wrapper: withI18n(instance) })
    fireEvent.change(screen.getByRole('combobox', { name: 'اللغة' }), { target: { value: 'sw' } })
    await screen.findByRole('combobox', { name: 'Lugha' })
    await waitFor(() => expect(document.documentElement.lang).toBe('sw'))
    expect(document.documentElement.dir).toBe('ltr')
    expect(document.documentElement.style.fontSize).toBe('')
    expect(document.cookie).toContain('i18next=sw')
  })
})

describe('language detection in the browser (after hydration)', () => {
  it('follows the product order: query lng, cookie, local storage, session storage, browser', async () => {
    const cases: Array<[() => void, string]> = [
      [() => window.history.replaceState(null, '', '/login?lng=fr'), 'fr'],
      [() => (document.cookie = 'i18next=ar; Path=/'), 'ar'],
      [() => localStorage.setItem('i18nextLng', 'sw'), 'sw'],
      [() => sessionStorage.setItem('i18nextLng', 'fr'), 'fr'],
      [() => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'sw-KE']), 'sw'],
    ]
    // Each case adds a lower-priority source that disagrees: the higher one still wins.
    for (let i = 0; i < cases.length; i++) {
      clearCookies()
      localStorage.clear()
      sessionStorage.clear()
      window.history.replaceState(null, '', '/')
      vi.restoreAllMocks()
      for (const [setUp] of cases.slice(i)) setUp()
      const instance = await createTestI18n('en')
      await syncDetectedLanguage(instance)
      expect(instance.language, `case ${i}`).toBe(cases[i]![1])
      // Cached where the server and the next visit look.
      expect(localStorage.getItem('i18nextLng')).toBe(cases[i]![1])
      expect(document.cookie).toContain(`i18next=${cases[i]![1]}`)
    }
  })

  it('keeps the server language when nothing else is known, and caches it', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE'])
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    document.documentElement.lang = 'fr'
    const instance = await createTestI18n('fr')
    await syncDetectedLanguage(instance)
    expect(instance.language).toBe('fr')
    expect(document.cookie).toContain('i18next=fr')
    expect(localStorage.getItem('i18nextLng')).toBe('fr')
  })

  it('ignores unsupported values', async () => {
    window.history.replaceState(null, '', '/?lng=de')
    localStorage.setItem('i18nextLng', '<script>')
    sessionStorage.setItem('i18nextLng', 'ar')
    const instance = await createTestI18n('en')
    await syncDetectedLanguage(instance)
    expect(instance.language).toBe('ar')
  })
})

describe('quick successive choices', () => {
  it('the last choice wins, even when an earlier one finishes loading later', async () => {
    const { switchLanguage } = await import('@/lib/i18n/client')
    const instance = await createTestI18n('en')
    await Promise.all([switchLanguage(instance, 'ar'), switchLanguage(instance, 'fr')])
    expect(instance.language).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')
    expect(document.documentElement.dir).toBe('ltr')
    expect(localStorage.getItem('i18nextLng')).toBe('fr')
  })
})

describe('before hydration and without JavaScript', () => {
  it('paints the select disabled, with the languages as ?lng= links for a browser without JavaScript; hydrates without a mismatch', async () => {
    const { renderToString } = await import('react-dom/server')
    const { hydrateRoot } = await import('react-dom/client')
    const { act } = await import('@testing-library/react')
    const I18n = withI18n(await createTestI18n('en'))
    const ui = (
      <I18n>
        <LanguageSwitcher />
      </I18n>
    )
    const html = renderToString(ui)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    expect(container.querySelector('select')!.disabled).toBe(true)
    const noscript = container.querySelector('noscript')!
    expect(noscript.innerHTML).toContain('href="?lng=fr"')
    expect(noscript.innerHTML).toContain('href="?lng=ar"')

    const errors = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: recoverable }))
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    expect(container.querySelector('select')!.disabled).toBe(false)
    act(() => root.unmount())
    container.remove()
  })
})
