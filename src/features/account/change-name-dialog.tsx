import { zodResolver } from '@hookform/resolvers/zod'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  ResponsiveDialog,
  ResponsiveDialogBody,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
} from '@/components/ui/responsive-dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { authClient } from '@/features/auth/auth-client'
import { onboardingFormSchema } from '@/features/auth/schemas'
import { useAccountError } from './use-account-error'

/**
 * The change-name drawer (a dialog on large screens), opened by
 * `?state=change-name`: the URL opens it and Back closes it. The server
 * applies the onboarding rule to the name too.
 */
export function ChangeNameDialog({
  open,
  name,
  onOpenChange,
}: {
  open: boolean
  name: string
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation(['account', 'auth', 'ui'])
  const router = useRouter()
  const reportError = useAccountError()
  const form = useForm({ resolver: zodResolver(onboardingFormSchema), defaultValues: { name } })

  // Each opening starts from the current name.
  useEffect(() => {
    if (open) form.reset({ name })
  }, [open, name, form])

  const onSubmit = form.handleSubmit(async (values) => {
    const { error } = await authClient
      .updateUser({ name: values.name })
      .catch((cause: unknown) => ({ error: cause as { code?: string } }))
    if (error) return reportError(error, t('changeName.failed'))
    toast.success(t('changeName.success'))
    await router.invalidate()
    onOpenChange(false)
  })

  const nameError = form.formState.errors.name?.message
  const submitting = form.formState.isSubmitting
  return (
    <ResponsiveDialog open={open} onOpenChange={onOpenChange} dismissible={!submitting}>
      <ResponsiveDialogContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col">
          <ResponsiveDialogHeader>
            <ResponsiveDialogTitle>{t('changeName.title')}</ResponsiveDialogTitle>
            <ResponsiveDialogDescription>{t('changeName.description')}</ResponsiveDialogDescription>
          </ResponsiveDialogHeader>
          <ResponsiveDialogBody>
            <TextField
              label={t('auth:fields.name')}
              autoComplete="name"
              autoFocus
              error={nameError ? t(`auth:${nameError}`) : undefined}
              {...form.register('name')}
            />
          </ResponsiveDialogBody>
          <ResponsiveDialogFooter>
            <Button type="button" variant="secondary" disabled={submitting} onClick={() => onOpenChange(false)}>
              {t('ui:confirm.cancel')}
            </Button>
            <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
              {t('changeName.submit')}
            </Button>
          </ResponsiveDialogFooter>
        </form>
      </ResponsiveDialogContent>
    </ResponsiveDialog>
  )
}
