/**
 * Component tests of a page before its script (jsdom): the server's HTML
 * painted into the document, then hydrated as the browser does once the
 * script arrives. Importing this module unmounts what was hydrated after each test.
 */
import { act } from '@testing-library/react'
import type { ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, vi } from 'vitest'

let roots: Root[] = []

/** Unmounts what was hydrated and empties the document (after each test, or within one). */
export function unmountHydrated() {
  act(() => roots.forEach((root) => root.unmount()))
  roots = []
  document.body.innerHTML = ''
}
afterEach(unmountHydrated)

/** The server's HTML of `ui`, in the document as the browser paints it, before any script. */
export function paint(ui: ReactNode) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(ui)
  document.body.append(container)
  return container
}

/** Hydrates the painted HTML, failing on any hydration mismatch. */
export async function hydrate(container: HTMLElement, ui: ReactNode) {
  const errors = vi.spyOn(console, 'error')
  const recoverable = vi.fn()
  await act(async () => {
    roots.push(hydrateRoot(container, ui, { onRecoverableError: recoverable }))
  })
  expect(recoverable).not.toHaveBeenCalled()
  expect(errors).not.toHaveBeenCalled()
  errors.mockRestore()
}
