// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { mockViewport } from '@/components/ui/testing'
import { ThemeProvider } from '@/components/ui/theme-provider'
import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { DisplayPreferences } from './display-preferences'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
  document.documentElement.style.colorScheme = ''
})
afterEach(cleanup)

function renderPreferences(i18nInstance = instance) {
  const I18n = withI18n(i18nInstance)
  return render(<DisplayPreferences />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <ThemeProvider>
        <I18n>{children}</I18n>
      </ThemeProvider>
    ),
  })
}

describe('DisplayPreferences', () => {
  it('shows the language and theme controls under a heading', () => {
    mockViewport(1024)
    renderPreferences()
    expect(screen.getByRole('region', { name: 'Display preferences' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy()
    const group = screen.getByRole('group', { name: 'Theme' })
    expect([...group.querySelectorAll('input')].map((input) => input.value)).toEqual(['system', 'light', 'dark'])
  })

  it('starts on "System", following the system preference', () => {
    mockViewport(1024, { prefersDark: true })
    renderPreferences()
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true)
    expect(document.documentElement.classList.contains('dark')).toBe(true)
  })

  it('applies and stores a chosen theme under the key "theme", as a class on <html>', () => {
    mockViewport(1024)
    renderPreferences()
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(document.documentElement.style.colorScheme).toBe('dark')
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true)

    fireEvent.click(screen.getByRole('radio', { name: 'Light' }))
    expect(localStorage.getItem('theme')).toBe('light')
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    expect(document.documentElement.classList.contains('light')).toBe(true)
  })

  it('reads the stored theme', () => {
    mockViewport(1024)
    localStorage.setItem('theme', 'dark')
    renderPreferences()
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true)
    act(() => {})
    expect(document.documentElement.classList.contains('dark')).toBe(true)
  })

  it('is translated', async () => {
    mockViewport(1024)
    renderPreferences(await createTestI18n('sw'))
    expect(screen.getByRole('region', { name: 'Mapendeleo ya mwonekano' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Giza' })).toBeTruthy()
  })
})

describe('DisplayPreferences before hydration', () => {
  it('paints the theme choices and the language select disabled: they work only with the script', async () => {
    const { renderToString } = await import('react-dom/server')
    const I18n = withI18n(instance)
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <ThemeProvider>
        <I18n>
          <DisplayPreferences />
        </I18n>
      </ThemeProvider>,
    )
    expect(container.querySelector('fieldset')!.disabled).toBe(true)
    expect(container.querySelector('select')!.disabled).toBe(true)
  })
})
