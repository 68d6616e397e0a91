import type { FormEventHandler, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '@/components/ui/button'
import {
  ResponsiveDialogBody,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
} from '@/components/ui/responsive-dialog'

/** A form inside a ResponsiveDialogContent: title, description, fields, Cancel and a submit button. */
export function FormDialogLayout({
  title,
  description,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  children,
}: {
  title: string
  description: string
  submitLabel: string
  submitting: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  onCancel: () => void
  children: ReactNode
}) {
  const { t } = useTranslation('ui')
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col">
      <ResponsiveDialogHeader>
        <ResponsiveDialogTitle>{title}</ResponsiveDialogTitle>
        <ResponsiveDialogDescription>{description}</ResponsiveDialogDescription>
      </ResponsiveDialogHeader>
      <ResponsiveDialogBody className="flex flex-col gap-3">{children}</ResponsiveDialogBody>
      <ResponsiveDialogFooter>
        <Button type="button" variant="secondary" disabled={submitting} onClick={onCancel}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitLabel}
        </Button>
      </ResponsiveDialogFooter>
    </form>
  )
}
