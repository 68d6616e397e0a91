// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { ThemeProvider, useTheme } from './theme-provider'

/** The system's colour scheme, which the test can change as the user would in their settings. */
function mockSystemTheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark'
  const listeners = new Set<() => void>()
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') && dark
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia
  return (next: 'light' | 'dark') => {
    dark = next === 'dark'
    for (const listener of [...listeners]) listener()
  }
}

function Shown() {
  const { theme, resolvedTheme } = useTheme()
  return <p data-testid="theme">{`${theme} ${resolvedTheme}`}</p>
}

/** <html> as the page's inline script leaves it before hydration. */
function showOnHtml(theme: 'light' | 'dark') {
  document.documentElement.className = theme
  document.documentElement.style.colorScheme = theme
}

beforeEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
  document.documentElement.style.colorScheme = ''
})
afterEach(cleanup)

describe('ThemeProvider', () => {
  it('leaves the document alone when <html> already shows the theme (the server-rendered page)', async () => {
    mockSystemTheme('light')
    localStorage.setItem('theme', 'dark')
    showOnHtml('dark')
    const changes: MutationRecord[] = []
    const observer = new MutationObserver((records) => changes.push(...records))
    observer.observe(document.documentElement, { attributes: true, childList: true, subtree: true })
    // Rendered into a container of its own, which the observer does not report.
    const { getByTestId } = render(
      <ThemeProvider>
        <Shown />
      </ThemeProvider>,
      { container: document.body.appendChild(document.createElement('div')) },
    )
    await act(async () => {})
    expect(getByTestId('theme').textContent).toBe('dark dark')
    // No restyle of the whole page: no style element to stop transitions, no class set again.
    const touched = changes.filter(
      (change) => change.target === document.documentElement || change.target === document.head,
    )
    observer.disconnect()
    expect(touched).toEqual([])
  })

  it('puts the theme on <html> where no inline script ran', async () => {
    mockSystemTheme('dark')
    render(
      <ThemeProvider>
        <Shown />
      </ThemeProvider>,
    )
    await act(async () => {})
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(document.documentElement.style.colorScheme).toBe('dark')
  })

  it('follows a change made in another tab', async () => {
    mockSystemTheme('light')
    showOnHtml('light')
    const { getByTestId } = render(
      <ThemeProvider>
        <Shown />
      </ThemeProvider>,
    )
    await act(async () => {
      localStorage.setItem('theme', 'dark')
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }))
    })
    expect(getByTestId('theme').textContent).toBe('dark dark')
    expect(document.documentElement.className).toBe('dark')
    expect(document.documentElement.style.colorScheme).toBe('dark')
  })

  it("follows the system's theme while 'system' is chosen, and only then", async () => {
    const setSystem = mockSystemTheme('light')
    showOnHtml('light')
    const { getByTestId } = render(
      <ThemeProvider>
        <Shown />
      </ThemeProvider>,
    )
    await act(async () => setSystem('dark'))
    expect(getByTestId('theme').textContent).toBe('system dark')
    expect(document.documentElement.className).toBe('dark')

    await act(async () => {
      localStorage.setItem('theme', 'light')
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }))
    })
    await act(async () => setSystem('light'))
    await act(async () => setSystem('dark'))
    expect(getByTestId('theme').textContent).toBe('light light')
    expect(document.documentElement.className).toBe('light')
  })

  it('runs no colour transition on a change: transitions are off while the new colours apply', async () => {
    mockSystemTheme('light')
    showOnHtml('light')
    function Switch() {
      const { setTheme } = useTheme()
      return <button onClick={() => setTheme('dark')}>{'Dark'}</button>
    }
    const { getByRole } = render(
      <ThemeProvider>
        <Switch />
      </ThemeProvider>,
    )
    const added: Node[] = []
    const observer = new MutationObserver((records) => records.forEach((record) => added.push(...record.addedNodes)))
    observer.observe(document.head, { childList: true })
    fireEvent.click(getByRole('button', { name: 'Dark' }))
    await act(async () => {})
    observer.disconnect()
    expect(added.map((node) => node.textContent)).toEqual(['*,*::before,*::after{transition:none!important}'])
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(document.documentElement.className).toBe('dark')
    // The style goes once the new colours are computed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)))
    expect(document.head.querySelector('style')).toBeNull()
  })
})
