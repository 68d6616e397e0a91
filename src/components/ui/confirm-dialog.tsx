import { type ReactNode, useState } from 'react'

import { useTranslation } from '@/lib/i18n/react'

import { Button } from './button'
import {
  ResponsiveDialog,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
  ResponsiveDialogTrigger,
} from './responsive-dialog'

export interface ConfirmDialogProps {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** An element that opens the dialog (wrapped with `asChild`). */
  trigger?: ReactNode
  title: string
  description?: string
  /** Defaults to ui:confirm.confirm ('Confirm'). */
  confirmLabel?: string
  /** Defaults to ui:confirm.cancel ('Cancel'). */
  cancelLabel?: string
  /** `destructive`: a red confirm button (delete, sign out, leave without saving). */
  variant?: 'default' | 'destructive'
  /** Forces the pending state (otherwise: while the promise of `onConfirm` runs). */
  pending?: boolean
  /**
   * Runs on confirm. While its promise runs the buttons are disabled and the
   * dialog cannot be dismissed; once it resolves the dialog closes; if it
   * rejects, the dialog stays open (the caller reports the error).
   */
  onConfirm: () => unknown
  /** Where the focus goes on close, when not back to the trigger (call `preventDefault` and focus it). */
  onCloseAutoFocus?: (event: Event) => void
}

/** A confirmation on a ResponsiveDialog: a dialog on large screens, a bottom drawer on small ones. */
export function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'default',
  pending: pendingProp,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui')
  const [openState, setOpenState] = useState(defaultOpen)
  const [running, setRunning] = useState(false)
  const open = openProp ?? openState
  const pending = pendingProp ?? running

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOpenState(next)
    onOpenChange?.(next)
  }

  const confirm = async () => {
    setRunning(true)
    try {
      await onConfirm()
    } catch {
      return // stays open: the caller reports what failed
    } finally {
      setRunning(false)
    }
    setOpen(false)
  }

  return (
    <ResponsiveDialog open={open} onOpenChange={setOpen} dismissible={!pending}>
      {trigger ? <ResponsiveDialogTrigger asChild>{trigger}</ResponsiveDialogTrigger> : null}
      <ResponsiveDialogContent
        role="alertdialog"
        showCloseButton={false}
        onCloseAutoFocus={onCloseAutoFocus}
        // Without a description, say so (Radix would otherwise point at a missing one).
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <ResponsiveDialogHeader>
          <ResponsiveDialogTitle>{title}</ResponsiveDialogTitle>
          {description ? <ResponsiveDialogDescription>{description}</ResponsiveDialogDescription> : null}
        </ResponsiveDialogHeader>
        <ResponsiveDialogFooter>
          <Button variant="secondary" disabled={pending} onClick={() => setOpen(false)}>
            {cancelLabel ?? t('confirm.cancel')}
          </Button>
          <Button variant={variant === 'destructive' ? 'destructive' : 'primary'} loading={pending} onClick={confirm}>
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </ResponsiveDialogFooter>
      </ResponsiveDialogContent>
    </ResponsiveDialog>
  )
}
