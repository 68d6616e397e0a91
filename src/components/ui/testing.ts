/**
 * Test helper: a `window.matchMedia` for jsdom that answers width queries
 * (`(max-width: 640px)`, `(min-width: …)`) for a given viewport width, and
 * `prefers-color-scheme: dark` when asked to. Only for *.test.tsx files.
 */
import { vi } from 'vitest'

export function mockViewport(width: number, { prefersDark = false }: { prefersDark?: boolean } = {}) {
  const listeners = new Set<() => void>()
  const matches = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)
    const min = /min-width:\s*(\d+)px/.exec(query)
    if (max) return width <= Number(max[1])
    if (min) return width >= Number(min[1])
    if (query.includes('prefers-color-scheme: dark')) return prefersDark
    return false
  }
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return matches(query)
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }))
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia })
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width })
  return {
    /** Resizes the viewport and notifies the listeners. */
    resize(next: number) {
      width = next
      Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: next })
      for (const listener of [...listeners]) listener()
    },
  }
}
