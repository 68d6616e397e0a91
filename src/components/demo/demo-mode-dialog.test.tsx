// @vitest-environment jsdom
import { ORPCError } from '@orpc/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { DemoInfo } from '@/lib/demo/demo-info'
import { closeDemoDialog, handleDemoModeError, isDemoDialogOpen, openDemoDialog } from '@/lib/demo/demo-store'
import type { Language } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import { I18nProvider } from '@/lib/i18n/react'

import { DemoModeDialog } from './demo-mode-dialog'

// The settings' API call fails (the tests that pass `info` never make it).
const fetchDemoInfo = vi.hoisted(() => vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
vi.mock('@/lib/orpc', () => ({
  orpc: { demo: { info: { queryOptions: () => ({ queryKey: ['demo', 'info'], queryFn: fetchDemoInfo }) } } },
}))

type DialogInfo = Pick<DemoInfo, 'contactEmail' | 'setupCommand' | 'repositoryUrl'>

const info: DialogInfo = {
  contactEmail: 'demo@books.example',
  setupCommand: 'npm install && npm run dev',
  repositoryUrl: null,
}

async function renderDialog(language: Language = 'en', dialogInfo: DialogInfo | null = info) {
  const i18n = createI18n(language, await loadMessages(language))
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <DemoModeDialog info={dialogInfo ?? undefined} />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  act(() => closeDemoDialog())
  cleanup()
})

describe('DemoModeDialog', () => {
  it('is closed until a refusal opens it', async () => {
    await renderDialog()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(handleDemoModeError(new Error('other'))).toBe(false)
    expect(isDemoDialogOpen()).toBe(false)

    act(() => {
      expect(handleDemoModeError(new ORPCError('DEMO_MODE', { status: 403 }))).toBe(true)
    })
    const dialog = await screen.findByRole('dialog', { name: 'Demo Mode' })
    expect(dialog.textContent).toContain('This is a read-only demo, this action is disabled.')
    expect(dialog.querySelector('code')?.textContent).toBe('npm install && npm run dev')
    const contact = screen.getByRole('link', { name: 'demo@books.example' })
    expect(contact.getAttribute('href')).toBe('mailto:demo@books.example')
    expect(screen.getByRole('button', { name: 'Copy the command' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    expect(isDemoDialogOpen()).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('with a repository, the command clones it: runnable from nothing', async () => {
    const command =
      'git clone https://github.com/acme/books start-books && cd start-books && npm install && npm run dev'
    await renderDialog('en', { ...info, setupCommand: command, repositoryUrl: 'https://github.com/acme/books' })
    act(() => openDemoDialog())
    const dialog = await screen.findByRole('dialog', { name: 'Demo Mode' })
    expect(dialog.textContent).toContain('run the starter on your own machine')
    expect(dialog.querySelector('code')?.textContent).toBe(command)
  })

  it('without a repository, says the command runs in a copy of the source', async () => {
    await renderDialog()
    act(() => openDemoDialog())
    const dialog = await screen.findByRole('dialog', { name: 'Demo Mode' })
    expect(dialog.textContent).toContain("run this in a copy of the starter's source")
  })

  it("settings that cannot be loaded: 'Something went wrong' and Try again", async () => {
    await renderDialog('en', null)
    act(() => openDemoDialog())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await vi.waitFor(() => expect(fetchDemoInfo).toHaveBeenCalledTimes(2))
  })

  it('is translated', async () => {
    await renderDialog('fr')
    act(() => openDemoDialog())
    expect(await screen.findByRole('dialog', { name: 'Mode démo' })).toBeTruthy()
  })
})
