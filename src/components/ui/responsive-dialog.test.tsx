// @vitest-environment jsdom
import fs from 'node:fs'

import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import {
  DRAWER_ANIMATION_SECONDS,
  DRAWER_CLOSE_THRESHOLD,
  ResponsiveDialog,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
} from './responsive-dialog'
import { mockViewport } from './testing'
import { DRAWER_BREAKPOINT_PX } from './use-media-query'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
afterEach(cleanup)

function renderDialog() {
  return render(
    <ResponsiveDialog open>
      <ResponsiveDialogContent>
        <ResponsiveDialogHeader>
          <ResponsiveDialogTitle>Edit name</ResponsiveDialogTitle>
          <ResponsiveDialogDescription>Your name is shown to others.</ResponsiveDialogDescription>
        </ResponsiveDialogHeader>
      </ResponsiveDialogContent>
    </ResponsiveDialog>,
    { wrapper: withI18n(instance) },
  )
}

describe('ResponsiveDialog', () => {
  it('is a centred dialog on a 1024px viewport', () => {
    mockViewport(1024)
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Edit name' })
    expect(dialog).toHaveProperty('dataset.mode', 'dialog')
    expect(dialog.hasAttribute('data-vaul-drawer')).toBe(false)
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Your name is shown to others.').id)
    // The dialog has its own close button, translated.
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it('is a bottom drawer (vaul) on a 375px viewport', () => {
    mockViewport(375)
    renderDialog()
    const drawer = screen.getByRole('dialog', { name: 'Edit name' })
    expect(drawer).toHaveProperty('dataset.mode', 'drawer')
    expect(drawer.hasAttribute('data-vaul-drawer')).toBe(true)
    expect(drawer.getAttribute('data-vaul-drawer-direction')).toBe('bottom')
  })

  it('switches at 640px: a drawer at 640px, a dialog at 641px, and follows a resize', () => {
    expect(DRAWER_BREAKPOINT_PX).toBe(640)
    const viewport = mockViewport(640)
    renderDialog()
    expect(screen.getByRole('dialog')).toHaveProperty('dataset.mode', 'drawer')
    act(() => viewport.resize(641))
    expect(screen.getByRole('dialog')).toHaveProperty('dataset.mode', 'dialog')
    act(() => viewport.resize(375))
    expect(screen.getByRole('dialog')).toHaveProperty('dataset.mode', 'drawer')
  })

  it('uses the product drawer constants: close threshold 0.25, animation 0.5s (vaul)', () => {
    expect(DRAWER_CLOSE_THRESHOLD).toBe(0.25)
    expect(DRAWER_ANIMATION_SECONDS).toBe(0.5)
    // vaul's animation duration is not an option: pin the installed value.
    const vaul = fs.readFileSync('node_modules/vaul/dist/index.mjs', 'utf8')
    expect(vaul).toMatch(/DURATION: 0\.5,/)
    expect(vaul).toContain('transition:transform .5s')
  })
})
