// @vitest-environment jsdom
import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { mockViewport } from './testing'
import { useUnsavedChangesGuard } from './unsaved-changes-guard'

/** A small form: dirty once its text differs from the saved one. */
function NameForm() {
  const [saved, setSaved] = useState('Ada')
  const [name, setName] = useState('Ada')
  const guard = useUnsavedChangesGuard(name !== saved)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        setSaved(name)
      }}
    >
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="submit">Save</button>
      {guard.dialog}
    </form>
  )
}

function createTestRouter() {
  const root = createRootRoute({
    component: () => (
      <>
        <nav>
          <Link to="/login">Other page</Link>
        </nav>
        <Outlet />
      </>
    ),
  })
  const form = createRoute({ getParentRoute: () => root, path: '/form', component: NameForm })
  const other = createRoute({ getParentRoute: () => root, path: '/login', component: () => <h1>Other</h1> })
  return createRouter({ routeTree: root.addChildren([form, other]), history: createBrowserHistory() })
}

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  mockViewport(1024)
  window.history.replaceState(null, '', '/form')
})
afterEach(cleanup)

async function renderApp() {
  const router = createTestRouter()
  render(<RouterProvider router={router} />, { wrapper: withI18n(instance) })
  await screen.findByLabelText('Name')
  return router
}

function beforeUnloadIsBlocked() {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('useUnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const router = await renderApp()
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }))
    await screen.findByRole('heading', { name: 'Other' })
    expect(router.state.location.pathname).toBe('/login')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(beforeUnloadIsBlocked()).toBe(false)
  })

  it('asks before leaving a dirty form; "Stay" keeps the page and the typed text', async () => {
    const router = await renderApp()
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } })
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to leave?' })
    expect(dialog.textContent).toContain('You have unsaved changes.')
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/form')
    expect(window.location.pathname).toBe('/form')
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Grace')
  })

  it('"Leave" goes on to the next page', async () => {
    const router = await renderApp()
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } })
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }))
    await screen.findByRole('alertdialog', { name: 'Are you sure you want to leave?' })
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))

    await screen.findByRole('heading', { name: 'Other' })
    expect(router.state.location.pathname).toBe('/login')
  })

  it('guards programmatic navigation too', async () => {
    const router = await renderApp()
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } })
    void router.navigate({ to: '/login' })
    await screen.findByRole('alertdialog', { name: 'Are you sure you want to leave?' })
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/form')

    void router.navigate({ to: '/login' })
    await screen.findByRole('alertdialog', { name: 'Are you sure you want to leave?' })
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    await screen.findByRole('heading', { name: 'Other' })
  })

  it('makes the browser ask before closing the tab while dirty, and not once saved', async () => {
    await renderApp()
    expect(beforeUnloadIsBlocked()).toBe(false)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } })
    await waitFor(() => expect(beforeUnloadIsBlocked()).toBe(true))

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(beforeUnloadIsBlocked()).toBe(false))
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }))
    await screen.findByRole('heading', { name: 'Other' })
  })

  it('asks in the language of the page', async () => {
    const french = await createTestI18n('fr')
    const router = createTestRouter()
    render(<RouterProvider router={router} />, { wrapper: withI18n(french) })
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Grace' } })
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }))
    await screen.findByRole('alertdialog', { name: 'Voulez-vous vraiment quitter cette page ?' })
    fireEvent.click(screen.getByRole('button', { name: 'Rester' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})
