import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { applyFieldErrors } from '@/lib/api-error'
import { notifySessionChanged } from '@/lib/auth/auth-client'
import { onboardingFormSchema } from '@/lib/auth/schemas'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { AuthCard } from './auth-card'
import { homeOf, safeRedirect } from './redirect'

const FIELDS = ['name'] as const

export function OnboardingPage({ redirect, role }: { redirect?: string; role: string }) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const form = useForm({ resolver: zodResolver(onboardingFormSchema), defaultValues: { name: '' } })

  const onboard = useMutation(
    orpc.auth.onboard.mutationOptions({
      meta: { errorToast: 'auth:onboarding.failed', formFields: FIELDS },
      onSuccess: async () => {
        notifySessionChanged()
        await router.invalidate()
        await router.navigate({ href: safeRedirect(redirect) ?? homeOf(role), replace: true })
      },
      onError: (error) => applyFieldErrors(error, form.setError, FIELDS),
    }),
  )

  const onSubmit = form.handleSubmit((values) => onboard.mutateAsync(values).catch(() => undefined))
  return (
    <AuthCard title={t('onboarding.title')} description={t('onboarding.description')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          autoFocus
          error={fieldMessage(t, form.formState.errors.name?.message)}
          {...form.register('name')}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('onboarding.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
