import { useBlocker } from '@tanstack/react-router'

import { useTranslation } from '@/lib/i18n/react'

import { ConfirmDialog } from './confirm-dialog'

const always = () => true

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
  const blocker = useBlocker({
    shouldBlockFn: always,
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
    />
  )
  return { status: blocker.status, proceed: blocker.proceed, reset: blocker.reset, dialog }
}
