// @vitest-environment jsdom
import { createRoute, Link, Outlet } from '@tanstack/react-router'
import { act, cleanup, fireEvent, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { renderRoutes, testRootRoute } from '@/test/render'

import { NavigationProgress, useDelayedVisibility } from './navigation-progress'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useDelayedVisibility', () => {
  const render = (active: boolean) =>
    renderHook(({ active }) => useDelayedVisibility(active, 1000, 500), { initialProps: { active } })

  it('shows nothing for a navigation shorter than the threshold', async () => {
    vi.useFakeTimers()
    const hook = render(true)
    await act(() => vi.advanceTimersByTimeAsync(999))
    expect(hook.result.current).toBe(false)
    hook.rerender({ active: false })
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(hook.result.current).toBe(false)
  })

  it('shows after 1000 ms and stays at least 500 ms', async () => {
    vi.useFakeTimers()
    const hook = render(true)
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(hook.result.current).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(100))
    hook.rerender({ active: false })
    await act(() => vi.advanceTimersByTimeAsync(399))
    expect(hook.result.current).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(hook.result.current).toBe(false)
  })

  it('hides at once when it was shown long enough', async () => {
    vi.useFakeTimers()
    const hook = render(true)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    hook.rerender({ active: false })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(hook.result.current).toBe(false)
  })

  it('stays shown when a new navigation starts while it is kept', async () => {
    vi.useFakeTimers()
    const hook = render(true)
    await act(() => vi.advanceTimersByTimeAsync(1000))
    hook.rerender({ active: false })
    await act(() => vi.advanceTimersByTimeAsync(200))
    hook.rerender({ active: true })
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(hook.result.current).toBe(true)
  })
})

describe('NavigationProgress', () => {
  it("shows a labelled progress bar during a slow navigation, with the router's timings", async () => {
    window.scrollTo = () => {}
    let release!: () => void
    const root = testRootRoute()
    const layout = createRoute({
      getParentRoute: () => root,
      id: 'layout',
      component: () => (
        <>
          <NavigationProgress />
          {/* A test route: not in the app's registered route tree. */}
          <Link to={'/slow' as '/'}>{'go'}</Link>
          <Outlet />
        </>
      ),
    })
    const home = createRoute({ getParentRoute: () => layout, path: '/', component: () => <p>{'home'}</p> })
    const slow = createRoute({
      getParentRoute: () => layout,
      path: '/slow',
      loader: () => new Promise<void>((resolve) => (release = resolve)),
      component: () => <p>{'slow page'}</p>,
    })
    const tree = root.addChildren([layout.addChildren([home, slow])])
    // Short timings so the test runs on the real clock; the app uses 1000 and 500 ms.
    await renderRoutes(tree, { defaultPendingMs: 50, defaultPendingMinMs: 150 })
    await screen.findByText('home')

    fireEvent.click(screen.getByText('go'))
    expect(screen.queryByRole('progressbar')).toBeNull()
    const bar = await screen.findByRole('progressbar', { name: 'Loading page' })
    expect(bar).toBeTruthy()

    act(() => release())
    await screen.findByText('slow page')
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
  })
})
