import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'

import { SignOutButton } from '@/components/layout/sign-out-button'
import { Button } from '@/components/ui/button'
import { EmailAddress } from '@/components/ui/email-address'
import { FormAlert } from '@/components/ui/form-alert'
import { PostForm } from '@/components/ui/post-form'
import { TextField } from '@/components/ui/text-field'
import { applyFieldErrors } from '@/lib/api-error'
import { notifySessionChanged } from '@/lib/auth/auth-client'
import { onboardingFormSchema } from '@/lib/auth/schemas'
import type { FormResult } from '@/lib/forms/form-result'
import { usePostedErrors } from '@/lib/forms/use-posted-errors'
import { fieldMessage } from '@/lib/i18n/keys'
import { Trans, useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { AuthCard } from './auth-card'
import { homeOf, safeRedirect } from './redirect'

const FIELDS = ['name'] as const

export function OnboardingPage({
  redirect,
  role,
  email,
  posted,
}: {
  redirect?: string
  role: string
  /** Whose account this is: the way out when it is not theirs. */
  email: string
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
      {/* A way out: someone else's account (a shared device), or a change of mind. */}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <p>
          <Trans t={t} i18nKey="onboarding.signedInAs" values={{ email }} components={{ email: <EmailAddress /> }} />
        </p>
        <SignOutButton />
      </div>
    </AuthCard>
  )
}
