import { zodResolver } from '@hookform/resolvers/zod'
import { useRouter } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { notifySessionChanged } from '@/lib/auth/auth-client'
import { onboardingFormSchema } from '@/lib/auth/schemas'
import { handleDemoModeError } from '@/lib/demo/demo-store'
import { api } from '@/lib/orpc'

import { AuthCard } from './auth-card'
import { homeOf, safeRedirect } from './redirect'

export function OnboardingPage({ redirect, role }: { redirect?: string; role: string }) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const form = useForm({ resolver: zodResolver(onboardingFormSchema), defaultValues: { name: '' } })

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api.auth.onboard(values)
    } catch (error) {
      // Demo mode: the server refused; the demo dialog says why.
      if (handleDemoModeError(error)) return
      toast.error(t('onboarding.failed'))
      return
    }
    notifySessionChanged()
    await router.invalidate()
    await router.navigate({ href: safeRedirect(redirect) ?? homeOf(role), replace: true })
  })

  const nameError = form.formState.errors.name?.message
  return (
    <AuthCard title={t('onboarding.title')} description={t('onboarding.description')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          autoFocus
          error={nameError ? t(nameError) : undefined}
          {...form.register('name')}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('onboarding.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
