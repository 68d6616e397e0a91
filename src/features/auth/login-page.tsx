import { zodResolver } from '@hookform/resolvers/zod'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { TextField } from '@/components/ui/text-field'
import { DemoAccountsHint } from '@/features/demo/demo-hints'
import { AuthCard } from './auth-card'
import { authErrorMessage, SIGNUP_DISABLED_CODE } from './auth-errors'
import { lazyAuthCall } from './lazy-auth-client'
import { loginFormSchema } from './schemas'
import type { SignInOptions } from './sign-in-options'
import { SocialSignIn } from './social-sign-in'

export function LoginPage({
  redirect,
  demoAccounts = [],
  options = { signUp: false, providers: [] },
}: {
  redirect: string
  demoAccounts?: string[]
  options?: SignInOptions
}) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [serverError, setServerError] = useState<string>()
  const form = useForm({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '' } })

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setServerError(undefined)
    const { error } = await lazyAuthCall((authClient) => authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }))
    if (error?.code === SIGNUP_DISABLED_CODE) {
      return navigate({ to: '/login/error', search: { error: 'signup_disabled' } })
    }
    if (error) return setServerError(authErrorMessage(t, error))
    await navigate({ to: '/login/verify', search: { email, redirect: redirect || undefined } })
  })

  const emailError = form.formState.errors.email?.message
  return (
    <AuthCard title={t('login.title')} description={t(options.signUp ? 'login.descriptionSignUp' : 'login.description')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          autoFocus
          error={emailError ? t(emailError) : undefined}
          {...form.register('email')}
        />
        <FormAlert>{serverError}</FormAlert>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('login.submit')}
        </Button>
        <DemoAccountsHint
          accounts={demoAccounts}
          onPick={(email) => form.setValue('email', email, { shouldValidate: true })}
        />
      </form>
      <div className="mt-4">
        <SocialSignIn providers={options.providers} redirect={redirect} onError={setServerError} />
      </div>
    </AuthCard>
  )
}
