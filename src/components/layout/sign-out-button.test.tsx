// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { mockViewport } from '@/components/ui/testing'
import { ThemeProvider } from '@/components/ui/theme-provider'
import { Toaster } from '@/components/ui/toaster'
import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { SignOutButton } from './sign-out-button'

const auth = vi.hoisted(() => ({ signOut: vi.fn() }))
const router = vi.hoisted(() => ({ invalidate: vi.fn(), navigate: vi.fn() }))
vi.mock('@/lib/auth/auth-client', async (original) => ({
  ...(await original<typeof import('@/lib/auth/auth-client')>()),
  authClient: auth,
}))
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useRouter: () => router,
  useRouterState: ({ select }: { select: (state: { location: { href: string } }) => unknown }) =>
    select({ location: { href: '/app/account?x=1' } }),
}))

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  vi.clearAllMocks()
  mockViewport(1024)
})
afterEach(cleanup)

async function renderButton() {
  const I18n = withI18n(instance)
  render(<SignOutButton />, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <ThemeProvider>
        <I18n>
          {children}
          <Toaster />
        </I18n>
      </ThemeProvider>
    ),
  })
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  // The dialog's code loads on the first click.
  return screen.findByRole('alertdialog', { name: 'Sign out?' })
}

describe('SignOutButton', () => {
  it('is a form that leads to the sign-out page before its script runs, coming back here on Cancel', () => {
    const I18n = withI18n(instance)
    render(
      <I18n>
        <SignOutButton />
      </I18n>,
    )
    const form = screen.getByRole('button', { name: 'Sign out' }).closest('form')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/logout')
    expect(new FormData(form).get('redirect')).toBe('/app/account?x=1')
    expect(screen.getByRole('button', { name: 'Sign out' }).getAttribute('type')).toBe('submit')
  })

  it('asks first; cancelling keeps the session', async () => {
    await renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(auth.signOut).not.toHaveBeenCalled()
  })

  it('signs out on confirmation and goes to the login page', async () => {
    auth.signOut.mockResolvedValue({ data: { success: true }, error: null })
    const dialog = await renderButton()
    fireEvent.click(dialog.querySelector('button.bg-danger')!)
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith({ to: '/login' }))
    expect(auth.signOut).toHaveBeenCalledOnce()
    expect(router.invalidate).toHaveBeenCalled()
  })

  it("shows the toast 'Sign out failed' when the server refuses", async () => {
    auth.signOut.mockResolvedValue({ data: null, error: { status: 500, message: 'boom' } })
    await renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Sign out failed')).toBeTruthy()
    expect(router.navigate).not.toHaveBeenCalled()
  })

  it("shows the toast 'Sign out failed' when the network fails", async () => {
    auth.signOut.mockRejectedValue(new TypeError('Failed to fetch'))
    await renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Sign out failed')).toBeTruthy()
  })

  it('confirms in a drawer on a small screen', async () => {
    mockViewport(375)
    expect((await renderButton()).hasAttribute('data-vaul-drawer')).toBe(true)
  })
})
