import { zodResolver } from '@hookform/resolvers/zod'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'

import { DemoCodeHint } from '@/components/demo/demo-hints'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { OtpField } from '@/components/ui/otp-field'
import { authClient, settleAuthCall } from '@/lib/auth/auth-client'
import { authErrorMessage } from '@/lib/auth/auth-errors'
import { OTP_EXPIRES_MINUTES, OTP_LENGTH } from '@/lib/auth/otp'
import { verifyFormSchema } from '@/lib/auth/schemas'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'

import { AuthCard } from './auth-card'
import { homeOf, safeRedirect } from './redirect'

export function VerifyPage({ email, redirect, demoCode }: { email: string; redirect?: string; demoCode?: string }) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const [serverError, setServerError] = useState<string>()
  const [resent, setResent] = useState(false)
  const form = useForm({ resolver: zodResolver(verifyFormSchema), defaultValues: { code: '' } })

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setServerError(undefined)
    const { data, error } = await settleAuthCall(authClient.signIn.emailOtp({ email, otp: code }))
    if (error || !data) {
      form.resetField('code')
      return setServerError(authErrorMessage(t, error))
    }
    // Guards of the target page send a new user to onboarding first.
    await router.invalidate()
    const role = (data.user as { role?: string }).role
    await router.navigate({ href: safeRedirect(redirect) ?? homeOf(role), replace: true })
  })

  const resend = async () => {
    setServerError(undefined)
    setResent(false)
    const { error } = await settleAuthCall(authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }))
    if (error) return setServerError(authErrorMessage(t, error))
    setResent(true)
    // A demo account's new code replaces the one in the demo hint.
    if (demoCode) await router.invalidate()
  }

  const codeError = form.formState.errors.code?.message
  return (
    <AuthCard
      title={t('verify.title')}
      description={t('verify.description', { email, length: OTP_LENGTH, minutes: OTP_EXPIRES_MINUTES })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <OtpField
          label={t('fields.code')}
          length={OTP_LENGTH}
          autoFocus
          error={fieldMessage(t, codeError)}
          {...form.register('code')}
        />
        {demoCode ? (
          <DemoCodeHint code={demoCode} onUse={(code) => form.setValue('code', code, { shouldValidate: true })} />
        ) : null}
        <FormAlert>{serverError}</FormAlert>
        <FormAlert tone="info">{resent ? t('verify.resent') : undefined}</FormAlert>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('verify.submit')}
        </Button>
        <div className="flex justify-between">
          <Button variant="link" size="sm" className="px-0" onClick={resend}>
            {t('verify.resend')}
          </Button>
          <Button
            variant="link"
            size="sm"
            className="px-0"
            onClick={() => router.navigate({ to: '/login', search: { redirect } })}
          >
            {t('verify.changeEmail')}
          </Button>
        </div>
      </form>
    </AuthCard>
  )
}
