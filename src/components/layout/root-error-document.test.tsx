// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { rootHead } from './head'
import { RootErrorPage } from './root-error-document'

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  window.scrollTo = () => {}
  // The theme reads the system's.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the root error screen', () => {
  it('when the root loader fails: a whole document, styled and translated (no i18n provider above it)', async () => {
    const root = createRootRoute({
      loader: () => {
        throw new Error('The shell settings could not be read')
      },
      head: rootHead,
      errorComponent: RootErrorPage,
    })
    const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>{'the page'}</p> })
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    await router.load()
    // The whole document, as in the browser.
    render(<RouterProvider router={router} />, { container: document as unknown as HTMLElement })

    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/')
    expect(document.body.textContent).not.toMatch(/errors\.|boundary\./)
    expect(document.documentElement.lang).toBe('en')
    // The document's head: the stylesheet and the title.
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull()
    expect(document.title).toBe('Start Books')
  })
})
