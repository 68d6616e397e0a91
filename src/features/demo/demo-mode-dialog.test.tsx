// @vitest-environment jsdom
import { ORPCError } from '@orpc/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { Language } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { loadMessages } from '@/lib/i18n/messages'
import { DemoModeDialog } from './demo-mode-dialog'
import { closeDemoDialog, handleDemoModeError, isDemoDialogOpen, openDemoDialog } from './demo-store'

const info = { contactEmail: 'demo@books.example', setupCommand: 'npm install && npm run dev' }

async function renderDialog(language: Language = 'en') {
  const i18n = createI18n(language, await loadMessages(language))
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <DemoModeDialog info={info} />
      </I18nextProvider>
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

  it('is translated', async () => {
    await renderDialog('fr')
    act(() => openDemoDialog())
    expect(await screen.findByRole('dialog', { name: 'Mode démo' })).toBeTruthy()
  })
})
