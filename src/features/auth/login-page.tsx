import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'

import { DemoAccountsHint } from '@/components/demo/demo-hints'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { PostForm } from '@/components/ui/post-form'
import { TextField } from '@/components/ui/text-field'
import { lazyAuthCall } from '@/lib/auth/lazy-auth-client'
import type { SignInOptions } from '@/lib/auth/sign-in-options'
import type { FormResult } from '@/lib/forms/form-result'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'

import { AuthCard } from './auth-card'
import { checkEmail } from './email-check'
import { PasskeySignIn } from './passkey-sign-in'
import { SocialSignIn } from './social-sign-in'

export function LoginPage({
  redirect,
  demoAccounts = [],
  options = { signUp: false, providers: [], passkeys: false },
  posted,
}: {
  redirect: string
  demoAccounts?: string[]
  options?: SignInOptions
  /** What the form came back with when it was posted before its script ran (or without one). */
  posted?: FormResult
}) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [serverError, setServerError] = useState(posted?.message)
  // One field: checked on submit, then again on every change (as react-hook-form
  // does by default), without a form or schema library on this page. It is
  // uncontrolled: what is typed before the page hydrates stays.
  const input = useRef<HTMLInputElement>(null)
  const [emailError, setEmailError] = useState(posted?.fields?.email as TranslationKey | undefined)
  const [submitted, setSubmitted] = useState(posted !== undefined)
  const [submitting, setSubmitting] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSubmitted(true)
    const { email, error } = checkEmail(input.current?.value ?? '')
    setEmailError(error)
    if (!email) return input.current?.focus()
    setSubmitting(true)
    try {
      await send(email)
    } finally {
      setSubmitting(false)
    }
  }

  const send = async (email: string) => {
    setServerError(undefined)
    const { error } = await lazyAuthCall((authClient) =>
      authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }),
    )
    if (error) {
      // The error messages load with the first error, not with the page.
      const { authErrorMessage, SIGNUP_DISABLED_CODE } = await import('@/lib/auth/auth-errors')
      if (error.code === SIGNUP_DISABLED_CODE) {
        return navigate({ to: '/login/error', search: { error: 'signup_disabled' } })
      }
      return setServerError(authErrorMessage(t, error))
    }
    await navigate({ to: '/login/verify', search: { email, redirect: redirect || undefined } })
  }

  return (
    <AuthCard
      title={t('login.title')}
      description={t(options.signUp ? 'login.descriptionSignUp' : 'login.description')}
    >
      <PostForm onSubmit={onSubmit}>
        <TextField
          label={t('fields.email')}
          type="email"
          // 'webauthn': the browser offers passkeys among the field's suggestions.
          autoComplete={options.passkeys ? 'username webauthn' : 'email'}
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          autoFocus
          error={emailError ? translate(t, emailError) : undefined}
          name="email"
          defaultValue={posted?.values?.email}
          ref={input}
          onChange={(event) => {
            if (submitted) setEmailError(checkEmail(event.target.value).error)
          }}
        />
        <FormAlert>{serverError}</FormAlert>
        <Button type="submit" loading={submitting}>
          {t('login.submit')}
        </Button>
        <DemoAccountsHint
          accounts={demoAccounts}
          onPick={(email) => {
            if (input.current) input.current.value = email
            setEmailError(checkEmail(email).error)
          }}
        />
      </PostForm>
      <div className="mt-4">
        <SocialSignIn providers={options.providers} redirect={redirect} onError={setServerError}>
          {options.passkeys ? <PasskeySignIn redirect={redirect} onError={setServerError} /> : null}
        </SocialSignIn>
      </div>
    </AuthCard>
  )
}
