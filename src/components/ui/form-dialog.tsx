import type { FormEventHandler, ReactNode } from 'react'

import { useTranslation } from '@/lib/i18n/react'

import { Button } from './button'
import {
  ResponsiveDialog,
  ResponsiveDialogBody,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
  ResponsiveDialogTrigger,
} from './responsive-dialog'
import { ScriptFieldset } from './script-fieldset'

interface FormDialogFormProps {
  title: string
  description: ReactNode
  submitLabel: string
  /** The submit button's look (a ban is destructive). */
  submitVariant?: 'primary' | 'destructive'
  submitting: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  onCancel: () => void
  children: ReactNode
}

/**
 * The form inside a form dialog: title, description, fields, Cancel and a
 * submit button that shows it is working. For a dialog whose content changes
 * (steps), inside one `ResponsiveDialogContent`; otherwise use `FormDialog`.
 */
export function FormDialogForm({
  title,
  description,
  submitLabel,
  submitVariant = 'primary',
  submitting,
  onSubmit,
  onCancel,
  children,
}: FormDialogFormProps) {
  const { t } = useTranslation('ui')
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col">
      <ResponsiveDialogHeader>
        <ResponsiveDialogTitle>{title}</ResponsiveDialogTitle>
        <ResponsiveDialogDescription>{description}</ResponsiveDialogDescription>
      </ResponsiveDialogHeader>
      {/* No method or action: only the script submits it (an open dialog can be in the server's HTML). */}
      <ScriptFieldset>
        <ResponsiveDialogBody className="flex flex-col gap-4">{children}</ResponsiveDialogBody>
        <ResponsiveDialogFooter>
          <Button type="button" variant="secondary" disabled={submitting} onClick={onCancel}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" variant={submitVariant} loading={submitting}>
            {submitLabel}
          </Button>
        </ResponsiveDialogFooter>
      </ScriptFieldset>
    </form>
  )
}

/**
 * The one form-in-a-dialog (a drawer on small screens): a form (usually
 * react-hook-form with the feature's zod schema) whose dialog cannot be
 * dismissed while it is submitting. `trigger`, if given, opens it.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  ...form
}: Omit<FormDialogFormProps, 'onCancel'> & {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger?: ReactNode
}) {
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} dismissible={!form.submitting}>
      {trigger ? <ResponsiveDialogTrigger asChild>{trigger}</ResponsiveDialogTrigger> : null}
      <ResponsiveDialogContent>
        <FormDialogForm {...form} onCancel={() => onOpenChange(false)} />
      </ResponsiveDialogContent>
    </ResponsiveDialog>
  )
}
