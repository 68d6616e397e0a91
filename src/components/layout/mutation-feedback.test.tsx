// @vitest-environment jsdom
import { ORPCError } from '@orpc/client'
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { closeDemoDialog, isDemoDialogOpen } from '@/lib/demo/demo-store'
import { createTestI18n } from '@/lib/i18n/testing'
import type { Translator } from '@/lib/i18n/translator'
import type { MutationMeta } from '@/lib/mutation-meta'
import { renderRoutes, testRootRoute } from '@/test/render'

import { MutationFeedback } from './mutation-feedback'
import { mutationErrorMessage } from './mutation-report'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('@/components/ui/toaster', () => ({ toast: { error: toastError, success: vi.fn() } }))

/** An API error as the typed client throws it (src/server/http/api-errors.server.ts). */
const apiError = (key: string, fields?: Record<string, string>) =>
  new ORPCError('CONFLICT', { status: 409, data: { key, fields } })

let en: Translator
beforeAll(async () => {
  en = await createTestI18n('en')
})

afterEach(() => {
  act(() => closeDemoDialog())
  toastError.mockReset()
  cleanup()
})

describe('mutationErrorMessage', () => {
  const meta: MutationMeta = { errorToast: 'book:toasts.updateFailed', formFields: ['title'] }

  it("says what failed when a form shows why on its field, else the server's reason", () => {
    const onField = apiError('book:errors.titleTaken', { title: 'book:errors.titleTaken' })
    expect(mutationErrorMessage(en.t, onField, meta)).toBe('Failed to update a book')
    expect(mutationErrorMessage(en.t, onField, { errorToast: 'book:toasts.updateFailed' })).toBe(
      'Title already used with the same author',
    )
    expect(mutationErrorMessage(en.t, apiError('ui:api.unexpected'), meta)).toBe('Failed to update a book')
  })

  it("gives an auth service code's message when it says what to do, else the action's failure", () => {
    const changeName: MutationMeta = { errorToast: 'account:changeName.failed' }
    expect(mutationErrorMessage(en.t, { code: 'FAILED_TO_UPDATE_USER', status: 400 }, changeName)).toBe(
      'Failed to update your name',
    )
    expect(mutationErrorMessage(en.t, { code: 'EMAIL_ALREADY_USED', status: 400 }, changeName)).toBe(
      en.t('auth:errors.EMAIL_ALREADY_USED'),
    )
    expect(mutationErrorMessage(en.t, { code: 'YOU_CANNOT_IMPERSONATE_ADMINS', status: 403 })).toBe(
      en.t('auth:errors.YOU_CANNOT_IMPERSONATE_ADMINS'),
    )
  })
})

describe('MutationFeedback', () => {
  async function renderAction(mutationFn: () => Promise<unknown>, meta?: MutationMeta, onError?: () => void) {
    const queryClient = new QueryClient()
    function Action() {
      const action = useMutation({ mutationFn, meta, onError })
      return <button onClick={() => action.mutate()}>act</button>
    }
    const root = testRootRoute()
    const page = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => (
        <QueryClientProvider client={queryClient}>
          <MutationFeedback />
          <Action />
        </QueryClientProvider>
      ),
    })
    await renderRoutes(root.addChildren([page]))
    fireEvent.click(screen.getByRole('button', { name: 'act' }))
  }

  it('reports a failed mutation once, after its own onError', async () => {
    const order: string[] = []
    toastError.mockImplementation((message: string) => order.push(`toast: ${message}`))
    await renderAction(
      () => Promise.reject(apiError('ui:api.unexpected')),
      { errorToast: 'book:toasts.deleteFailed' },
      () => order.push('onError'),
    )
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledTimes(1))
    expect(order).toEqual(['onError', 'toast: Failed to delete a book'])
  })

  it('opens the demo dialog for a demo-mode refusal, with no toast', async () => {
    await renderAction(() => Promise.reject(new ORPCError('DEMO_MODE', { status: 403 })), {
      errorToast: 'book:toasts.deleteFailed',
    })
    await vi.waitFor(() => expect(isDemoDialogOpen()).toBe(true))
    expect(toastError).not.toHaveBeenCalled()
  })

  it('says the session is too old when the proof of presence was not given (its dialog dismissed)', async () => {
    await renderAction(() => Promise.reject({ code: 'SESSION_EXPIRED', status: 403 }), {
      errorToast: 'account:deleteAccount.failed',
    })
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledTimes(1))
    expect(toastError.mock.calls[0]).toEqual([en.t('auth:errors.SESSION_EXPIRED')])
  })
})
