// @vitest-environment jsdom
import { createRoute, notFound } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { FORBIDDEN_ERROR, SessionUnavailableError } from '@/lib/auth/session'
import { renderRoutes, testRootRoute } from '@/test/render'

import { ERROR_RETRY_DELAY_MS, ErrorPage } from './error-page'
import { errorType } from './error-type'

beforeEach(() => {
  // React and the router report the errors these tests provoke on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  window.scrollTo = () => {}
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A page whose loader fails while `state.failing`, with the error page as its boundary. */
function failingPage(error: () => unknown) {
  const state = { failing: true, loads: 0 }
  const root = testRootRoute()
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    loader: () => {
      state.loads++
      if (state.failing) throw error()
      return 'loaded'
    },
    errorComponent: ErrorPage,
    component: () => <p>{'the page'}</p>,
  })
  return { state, tree: root.addChildren([page]) }
}

describe('error boundary', () => {
  it("shows 'Something went wrong!', the message behind Show Error / Hide Error, back and home", async () => {
    const { tree } = failingPage(() => new Error('The database is on a break'))
    await renderRoutes(tree)

    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeTruthy()
    const message = screen.getByText('The database is on a break', { selector: 'pre' })
    expect(message.hidden).toBe(true)

    const toggle = screen.getByRole('button', { name: 'Show Error' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(message.hidden).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.textContent).toBe('Hide Error')
    fireEvent.click(screen.getByRole('button', { name: 'Hide Error' }))
    expect(message.hidden).toBe(true)

    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/')
  })

  it('Try again: disabled while retrying, reloads the route data after 600 ms', async () => {
    const { state, tree } = failingPage(() => new Error('flaky'))
    const { router } = await renderRoutes(tree)
    await screen.findByRole('heading', { name: 'Something went wrong!' })
    expect(state.loads).toBe(1)

    vi.useFakeTimers()
    const invalidate = vi.spyOn(router, 'invalidate')
    state.failing = false
    const retry = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement
    fireEvent.click(retry)
    expect(retry.disabled).toBe(true)

    await act(() => vi.advanceTimersByTimeAsync(ERROR_RETRY_DELAY_MS - 1))
    expect(invalidate).not.toHaveBeenCalled()
    expect(retry.disabled).toBe(true)

    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(invalidate).toHaveBeenCalledOnce()
    vi.useRealTimers()
    expect(await screen.findByText('the page')).toBeTruthy()
    expect(state.loads).toBe(2)
    expect(screen.queryByText('Something went wrong!')).toBeNull()
  })

  it('a retry that fails again shows the boundary again, with Try again enabled', async () => {
    const { state, tree } = failingPage(() => new Error('still down'))
    await renderRoutes(tree)
    await screen.findByRole('heading', { name: 'Something went wrong!' })

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(state.loads).toBe(2), { timeout: 2000 })
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false),
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy()
  })
})

describe('error boundary around a component that throws while rendering', () => {
  it('Try again renders the page again', async () => {
    const state = { failing: true }
    const root = testRootRoute()
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      errorComponent: ErrorPage,
      component: function Page() {
        if (state.failing) throw new Error('render failed')
        return <p>{'the page'}</p>
      },
    })
    await renderRoutes(root.addChildren([page]))
    await screen.findByRole('heading', { name: 'Something went wrong!' })
    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }))
    expect(screen.getByText('render failed')).toBeTruthy()

    state.failing = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('the page', {}, { timeout: 2000 })).toBeTruthy()
  })
})

describe('errorType', () => {
  it.each([
    [new Error(FORBIDDEN_ERROR), '403'],
    [Object.assign(new Error('Forbidden'), { status: 403 }), '403'],
    [notFound(), '404'],
    [{ status: 404, message: 'no' }, '404'],
    [Object.assign(new Error('boom'), { status: 500 }), '500'],
    [{ statusCode: 503 }, '503'],
    [{ statusCode: 502 }, '500'],
    [new Error('boom'), 'generic'],
    [new TypeError('x is undefined'), 'generic'],
    ['a thrown string', 'unknown'],
    [{ weird: true }, 'unknown'],
    [undefined, 'unknown'],
  ])('%o → %s', (error, type) => {
    expect(errorType(error)).toBe(type)
  })
})

describe('error pages', () => {
  it('403 for a refused area', async () => {
    const { tree } = failingPage(() => new Error(FORBIDDEN_ERROR))
    await renderRoutes(tree)
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy()
    expect(screen.getByText('403')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('500 for a server error, with Try again and the message', async () => {
    const { tree } = failingPage(() => Object.assign(new Error('Internal Server Error'), { status: 500 }))
    await renderRoutes(tree)
    expect(await screen.findByRole('heading', { name: 'Server error' })).toBeTruthy()
    expect(screen.getByText('500')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }))
    expect(screen.getByText('Internal Server Error')).toBeTruthy()
  })

  it('503 when the database cannot be reached: the page says the service is unavailable, not a server error', async () => {
    const { tree } = failingPage(() => new SessionUnavailableError())
    await renderRoutes(tree)
    expect(await screen.findByRole('heading', { name: 'Temporarily unavailable' })).toBeTruthy()
    expect(screen.getByText('503')).toBeTruthy()
    expect(screen.queryByText('500')).toBeNull()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('unknown for something thrown that is not an error', async () => {
    const { tree } = failingPage(() => ({ reason: 'odd' }))
    await renderRoutes(tree)
    expect(await screen.findByRole('heading', { name: 'Unknown error' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }))
    expect(screen.getByText('{"reason":"odd"}')).toBeTruthy()
  })

  it('404 for a not-found error', async () => {
    const { tree } = failingPage(() => notFound())
    await renderRoutes(tree, { defaultNotFoundComponent: ({ data }) => <ErrorPage error={notFound({ data })} /> })
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy()
    expect(screen.getByText('404')).toBeTruthy()
  })
})
