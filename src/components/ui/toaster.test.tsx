// @vitest-environment jsdom
import fs from 'node:fs'

import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { mockViewport } from './testing'
import { ThemeProvider } from './theme-provider'
import { TOAST, toast, Toaster } from './toaster'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  mockViewport(1024)
})
afterEach(() => {
  act(() => toast.dismiss())
  cleanup()
})

function renderToaster(i18nInstance = instance) {
  const I18n = withI18n(i18nInstance)
  return render(
    <ThemeProvider>
      <I18n>
        <Toaster />
      </I18n>
    </ThemeProvider>,
  )
}

describe('Toaster', () => {
  it('sits top-center with the product constants (width 356px, gap 14px)', async () => {
    renderToaster()
    act(() => void toast('Hello'))
    await screen.findByText('Hello')
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!
    expect(list.dataset.yPosition).toBe('top')
    expect(list.dataset.xPosition).toBe('center')
    expect(list.style.getPropertyValue('--width')).toBe('356px')
    expect(list.style.getPropertyValue('--gap')).toBe('14px')
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy()
    expect(TOAST).toMatchObject({ position: 'top-center', durationMs: 4000, visibleToasts: 3, gapPx: 14, widthPx: 356 })
  })

  it('shows the five toast types: loading, success, info, warning, error', async () => {
    renderToaster()
    act(() => {
      toast.loading('Saving')
      toast.success('Saved')
      toast.info('Heads up')
      toast.warning('Careful')
      toast.error('sign out failed')
    })
    await screen.findByText('sign out failed')
    const types = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map((t) => t.dataset.type)
    expect(types.sort()).toEqual(['error', 'info', 'loading', 'success', 'warning'])
  })

  it('shows at most 3 toasts at once', async () => {
    renderToaster()
    act(() => {
      for (let i = 1; i <= 5; i++) toast(`Toast ${i}`)
    })
    await screen.findByText('Toast 5')
    const visible = document.querySelectorAll('[data-sonner-toast][data-visible="true"]')
    expect(visible).toHaveLength(3)
  })

  it('dismisses a toast after 4000 ms by default', async () => {
    vi.useFakeTimers()
    try {
      renderToaster()
      // sonner loads with the first toast (a promise, not a timer).
      await act(async () => toast.success('Saved'))
      act(() => vi.advanceTimersByTime(100))
      expect(screen.getByText('Saved')).toBeTruthy()
      act(() => vi.advanceTimersByTime(3700))
      expect(document.querySelector('[data-sonner-toast]')!.getAttribute('data-removed')).toBe('false')
      act(() => vi.advanceTimersByTime(1000))
      expect(screen.queryByText('Saved')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('follows the page direction and language', async () => {
    const arabic = await createTestI18n('ar')
    renderToaster(arabic)
    act(() => void toast('مرحبا'))
    await screen.findByText('مرحبا')
    expect(document.querySelector('[data-sonner-toaster]')!.getAttribute('dir')).toBe('rtl')
    expect(screen.getByRole('region', { name: /الإشعارات/ })).toBeTruthy()
  })

  it("relies on sonner's own swipe constants: 45px or a velocity above 0.11", () => {
    const sonner = fs.readFileSync('node_modules/sonner/dist/index.mjs', 'utf8')
    expect(sonner).toContain('const SWIPE_THRESHOLD = 45;')
    expect(sonner).toContain('velocity > 0.11')
    expect(sonner).toContain('const TOAST_LIFETIME = 4000;')
    expect(sonner).toContain('const VISIBLE_TOASTS_AMOUNT = 3;')
    expect(sonner).toContain('const TOAST_WIDTH = 356;')
    expect(sonner).toContain('const GAP = 14;')
  })
})
