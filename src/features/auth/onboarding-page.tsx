import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { PostForm } from '@/components/ui/post-form'
import { TextField } from '@/components/ui/text-field'
import { applyFieldErrors } from '@/lib/api-error'
import { notifySessionChanged } from '@/lib/auth/auth-client'
import { onboardingFormSchema } from '@/lib/auth/schemas'
import type { FormResult } from '@/lib/forms/form-result'
import { usePostedErrors } from '@/lib/forms/use-posted-errors'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { AuthCard } from './auth-card'
import { homeOf, safeRedirect } from './redirect'

const FIELDS = ['name'] as const

export function OnboardingPage({
  redirect,
  role,
  posted,
}: {
  redirect?: string
  role: string
  /** What the form came back with when it was posted before its script ran (or without one). */
  posted?: FormResult
}) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  // The same object on every render: a new one each render looped (usePostedErrors).
  const postedErrors = usePostedErrors<{ name: string }>(posted)
  // No default value: react-hook-form would write it into the field as it
  // registers it, over a name typed before the page hydrated.
  const form = useForm<{ name: string }>({
    resolver: zodResolver(onboardingFormSchema),
    errors: postedErrors,
  })

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
      <PostForm onSubmit={onSubmit}>
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          autoFocus
          defaultValue={posted?.values?.name}
          error={fieldMessage(t, form.formState.errors.name?.message)}
          {...form.register('name')}
        />
        <FormAlert>{posted?.message}</FormAlert>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('onboarding.submit')}
        </Button>
      </PostForm>
    </AuthCard>
  )
}
