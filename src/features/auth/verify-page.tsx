import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useRouter } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'

import { DemoCodeHint } from '@/components/demo/demo-hints'
import { Button, buttonVariants } from '@/components/ui/button'
import { EmailAddress } from '@/components/ui/email-address'
import { FormAlert } from '@/components/ui/form-alert'
import { OtpField } from '@/components/ui/otp-field'
import { PostForm } from '@/components/ui/post-form'
import { authClient, settleAuthCall } from '@/lib/auth/auth-client'
import { authErrorMessage } from '@/lib/auth/auth-errors'
import { OTP_EXPIRES_MINUTES, OTP_LENGTH } from '@/lib/auth/otp'
import { verifyFormSchema } from '@/lib/auth/schemas'
import type { FormResult } from '@/lib/forms/form-result'
import { usePostedErrors } from '@/lib/forms/use-posted-errors'
import { fieldMessage } from '@/lib/i18n/keys'
import { Trans, useTranslation } from '@/lib/i18n/react'

import { AuthCard } from './auth-card'
import { homeOf, safeRedirect } from './redirect'

export function VerifyPage({
  email,
  redirect,
  demoCode,
  posted,
}: {
  email: string
  redirect?: string
  demoCode?: string
  /** What the form came back with when it was posted before its script ran (or without one). */
  posted?: FormResult
}) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const [serverError, setServerError] = useState(posted?.message)
  const [resent, setResent] = useState(posted?.notice === 'resent')
  // The same object on every render: a new one each render looped (usePostedErrors).
  const postedErrors = usePostedErrors<{ code: string }>(posted)
  // The field is controlled (OtpField): react-hook-form never writes into it, and a code
  // typed before the page hydrated is taken up by the field itself, over this default.
  const form = useForm<{ code: string }>({
    resolver: zodResolver(verifyFormSchema),
    defaultValues: { code: '' },
    errors: postedErrors,
  })

  const verify = form.handleSubmit(async ({ code }) => {
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

  // The sixth digit sends the code; an Enter or a click right after must not send it twice.
  const inFlight = useRef(false)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (inFlight.current) return event.preventDefault()
    inFlight.current = true
    try {
      await verify(event)
    } finally {
      inFlight.current = false
    }
  }

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
      description={
        <Trans
          t={t}
          i18nKey="verify.description"
          values={{ email, length: OTP_LENGTH, minutes: OTP_EXPIRES_MINUTES }}
          components={{ email: <EmailAddress /> }}
        />
      }
    >
      <PostForm onSubmit={onSubmit}>
        <Controller
          control={form.control}
          name="code"
          render={({ field }) => (
            <OtpField
              label={t('fields.code')}
              length={OTP_LENGTH}
              autoFocus
              error={fieldMessage(t, codeError)}
              {...field}
            />
          )}
        />
        {demoCode ? (
          <DemoCodeHint code={demoCode} onUse={(code) => form.setValue('code', code, { shouldValidate: true })} />
        ) : null}
        <FormAlert>{serverError}</FormAlert>
        <FormAlert tone="info">{resent ? t('verify.resent') : undefined}</FormAlert>
        {/* The code is kept and retried when the mail server does not answer (docs/decisions/037-job-queue.md). */}
        <p className="text-sm text-muted-foreground">{t('verify.onItsWay')}</p>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('verify.submit')}
        </Button>
        <div className="flex justify-between">
          <Button
            type="submit"
            name="intent"
            value="resend"
            formNoValidate
            variant="link"
            size="sm"
            className="px-0"
            onClick={(event) => {
              event.preventDefault()
              void resend()
            }}
          >
            {t('verify.resend')}
          </Button>
          <Link
            to="/login"
            search={{ redirect }}
            className={buttonVariants({ variant: 'link', size: 'sm', className: 'px-0' })}
          >
            {t('verify.changeEmail')}
          </Link>
        </div>
      </PostForm>
    </AuthCard>
  )
}
