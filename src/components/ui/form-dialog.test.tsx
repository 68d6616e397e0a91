// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { createTestI18n, withI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'

import { Button } from './button'
import { FormDialog } from './form-dialog'
import { mockViewport } from './testing'

let instance: Translator
beforeAll(async () => {
  instance = await createTestI18n('en')
})
beforeEach(() => {
  mockViewport(1024)
})
afterEach(cleanup)

function Harness({ submitting, onSubmit }: { submitting: boolean; onSubmit: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Ban</Button>}
      title="Ban Ann?"
      description="She is signed out."
      submitLabel="Ban user"
      submitVariant="destructive"
      submitting={submitting}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <input aria-label="Reason" />
    </FormDialog>
  )
}

describe('FormDialog', () => {
  it('opens from its trigger, submits its form, and Cancel closes it', async () => {
    const onSubmit = vi.fn()
    render(<Harness submitting={false} onSubmit={onSubmit} />, { wrapper: withI18n(instance) })
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ban Ann?' })
    expect(dialog.textContent).toContain('She is signed out.')
    fireEvent.click(screen.getByRole('button', { name: 'Ban user' }))
    expect(onSubmit).toHaveBeenCalledOnce()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('while submitting: both buttons disabled, the submit busy, Escape does not close it', async () => {
    const { rerender } = render(<Harness submitting={false} onSubmit={vi.fn()} />, { wrapper: withI18n(instance) })
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }))
    await screen.findByRole('dialog')
    rerender(<Harness submitting onSubmit={vi.fn()} />)
    const submit = screen.getByRole('button', { name: 'Ban user' })
    expect(submit.hasAttribute('disabled')).toBe(true)
    expect(submit.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    await act(async () => {})
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
