import { useBlocker } from '@tanstack/react-router'
import { useRef } from 'react'

import { useTranslation } from '@/lib/i18n/react'

import { ConfirmDialog } from './confirm-dialog'

/**
 * Guards a dirty form (docs/product.md#screens: 'Are you sure you want to leave?').
 * While `isDirty`, an in-app navigation (link, back/forward, router.navigate)
 * waits for the answer in a ConfirmDialog, and closing or reloading the tab
 * shows the browser's own leave-page prompt (browsers show their own text
 * there, never the page's). Render the returned `dialog`:
 *
 *   const guard = useUnsavedChangesGuard(form.formState.isDirty)
 *   return <form>…{guard.dialog}</form>
 *
 * Leave after a successful save with `navigate({ …, ignoreBlocker: true })`: a
 * failed save keeps the form dirty, and guarded.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const { t } = useTranslation('ui')
  // What had the focus when the navigation was stopped (the link): the prompt has
  // no trigger to give it back to, so it goes back there when the prompt closes.
  const opener = useRef<Element | null>(null)
  const blocker = useBlocker({
    shouldBlockFn: () => {
      // Asked again while the prompt is open: keep the first answer.
      const active = document.activeElement
      if (active && active !== document.body && !active.closest('[role="alertdialog"]')) opener.current = active
      return true
    },
    enableBeforeUnload: true,
    disabled: !isDirty,
    withResolver: true,
  })
  const dialog = (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.()
      }}
      title={t('unsavedChanges.title')}
      description={t('unsavedChanges.description')}
      confirmLabel={t('unsavedChanges.leave')}
      cancelLabel={t('unsavedChanges.stay')}
      variant="destructive"
      onConfirm={() => blocker.proceed?.()}
      onCloseAutoFocus={(event) => {
        const element = opener.current
        if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return
        event.preventDefault()
        element.focus()
      }}
    />
  )
  return { status: blocker.status, proceed: blocker.proceed, reset: blocker.reset, dialog }
}
