import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'

import { FormDialog } from '@/components/ui/form-dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { authCall, authClient } from '@/lib/auth/auth-client'
import { onboardingFormSchema } from '@/lib/auth/schemas'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'

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
  const { t } = useTranslation(['account', 'auth'])
  const router = useRouter()
  const form = useForm({ resolver: zodResolver(onboardingFormSchema), defaultValues: { name } })

  // Each opening starts from the current name.
  useEffect(() => {
    if (open) form.reset({ name })
  }, [open, name, form])

  const rename = useMutation({
    mutationFn: (name: string) => authCall(authClient.updateUser({ name })),
    meta: { errorToast: 'account:changeName.failed' },
    onSuccess: async () => {
      toast.success(t('changeName.success'))
      await router.invalidate()
      onOpenChange(false)
    },
  })

  const onSubmit = form.handleSubmit((values) => rename.mutateAsync(values.name).catch(() => undefined))
  const submitting = form.formState.isSubmitting
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('changeName.title')}
      description={t('changeName.description')}
      submitLabel={t('changeName.submit')}
      submitting={submitting}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('auth:fields.name')}
        autoComplete="name"
        autoFocus
        error={fieldMessage(t, form.formState.errors.name?.message)}
        {...form.register('name')}
      />
    </FormDialog>
  )
}
