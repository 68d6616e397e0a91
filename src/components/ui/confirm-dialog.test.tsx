// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { Button } from './button'
import { ConfirmDialog } from './confirm-dialog'
import { mockViewport } from './testing'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  mockViewport(1024)
})
afterEach(cleanup)

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function renderConfirm(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = props.onConfirm ?? vi.fn()
  render(
    <ConfirmDialog
      trigger={<Button>Delete book</Button>}
      title="Delete this book?"
      description="This is permanent."
      confirmLabel="Delete"
      variant="destructive"
      {...props}
      onConfirm={onConfirm}
    />,
    { wrapper: withI18n(instance) },
  )
  fireEvent.click(screen.getByRole('button', { name: 'Delete book' }))
  return { onConfirm, dialog: screen.getByRole('alertdialog', { name: 'Delete this book?' }) }
}

describe('ConfirmDialog', () => {
  it('opens from its trigger with title, description and both actions', () => {
    const { dialog } = renderConfirm()
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('This is permanent.').id)
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    // Destructive: the confirm button is the danger one.
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('bg-danger')
  })

  it('cancel closes without confirming', async () => {
    const { onConfirm } = renderConfirm()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('Escape closes it when nothing runs', async () => {
    renderConfirm()
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('confirm runs the action, is pending while it runs (not dismissible), then closes', async () => {
    const action = deferred()
    const onConfirm = vi.fn(() => action.promise)
    renderConfirm({ onConfirm })
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledOnce()

    const confirm = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement
    await waitFor(() => expect(confirm.disabled).toBe(true))
    expect(confirm.getAttribute('aria-busy')).toBe('true')
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    // Escape does not close a dialog whose action is running.
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(screen.getByRole('alertdialog')).toBeTruthy()

    await act(async () => action.resolve())
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('stays open when the action fails, ready to try again', async () => {
    const action = deferred()
    renderConfirm({ onConfirm: () => action.promise })
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await act(async () => action.reject(new Error('network')))
    expect(screen.getByRole('alertdialog')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('has translated default labels and a controlled pending state', () => {
    render(<ConfirmDialog open title="Sure?" pending onConfirm={() => {}} />, { wrapper: withI18n(instance) })
    const dialog = screen.getByRole('alertdialog', { name: 'Sure?' })
    expect(dialog.hasAttribute('aria-describedby')).toBe(false)
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Confirm' }).className).toContain('bg-primary')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('is a drawer on a small screen', () => {
    mockViewport(375)
    const { dialog } = renderConfirm()
    expect(dialog.hasAttribute('data-vaul-drawer')).toBe(true)
  })
})
