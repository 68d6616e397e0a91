import { zodResolver } from '@hookform/resolvers/zod'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormDialogForm } from '@/components/ui/form-dialog'
import { OtpField } from '@/components/ui/otp-field'
import { ResponsiveDialog, ResponsiveDialogContent } from '@/components/ui/responsive-dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { authClient, settleAuthCall } from '@/lib/auth/auth-client'
import { OTP_LENGTH } from '@/lib/auth/otp'
import { emailSchema, verifyFormSchema } from '@/lib/auth/schemas'
import { z } from '@/lib/i18n/zod'

import { useAccountError } from './use-account-error'

const newEmailFormSchema = z.object({ newEmail: emailSchema })

/**
 * Change of e-mail address in two steps: the new address, then the code sent
 * to it. `newEmail` (the account page's search param) carries the address
 * from the first step to the second, so a reload or a shared link keeps the
 * step; clearing it closes the dialog.
 */
export function ChangeEmailDialog({
  open,
  newEmail,
  onOpenChange,
  onNewEmail,
}: {
  /** The first step is open (the second is open whenever `newEmail` is a valid address). */
  open: boolean
  newEmail: string
  onOpenChange: (open: boolean) => void
  /** Moves to the second step for an address, or closes with ''. */
  onNewEmail: (email: string) => void
}) {
  const pendingEmail = emailSchema.safeParse(newEmail).success ? newEmail.trim() : ''
  const close = () => {
    onOpenChange(false)
    if (pendingEmail) onNewEmail('')
  }
  return (
    <ResponsiveDialog open={open || pendingEmail !== ''} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <ResponsiveDialogContent>
        {pendingEmail ? (
          <CodeStep
            key={pendingEmail}
            newEmail={pendingEmail}
            onDone={close}
            onBack={() => {
              onOpenChange(true)
              onNewEmail('')
            }}
          />
        ) : (
          <AddressStep
            onSent={(email) => {
              onOpenChange(false)
              onNewEmail(email)
            }}
            onCancel={close}
          />
        )}
      </ResponsiveDialogContent>
    </ResponsiveDialog>
  )
}

function AddressStep({ onSent, onCancel }: { onSent: (email: string) => void; onCancel: () => void }) {
  const { t } = useTranslation(['account', 'auth'])
  const reportError = useAccountError()
  const form = useForm({ resolver: zodResolver(newEmailFormSchema), defaultValues: { newEmail: '' } })

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    const { error } = await settleAuthCall(authClient.emailOtp.requestEmailChange({ newEmail }))
    if (error) return reportError(error)
    onSent(newEmail)
  })

  const emailError = form.formState.errors.newEmail?.message
  const submitting = form.formState.isSubmitting
  return (
    <FormDialogForm
      title={t('changeEmail.title')}
      description={t('changeEmail.description')}
      submitLabel={t('changeEmail.submit')}
      submitting={submitting}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TextField
        label={t('changeEmail.newEmail')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        error={emailError ? t(emailError) : undefined}
        {...form.register('newEmail')}
      />
    </FormDialogForm>
  )
}

function CodeStep({ newEmail, onDone, onBack }: { newEmail: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation(['account', 'auth'])
  const router = useRouter()
  const reportError = useAccountError()
  const [resent, setResent] = useState(false)
  const form = useForm({ resolver: zodResolver(verifyFormSchema), defaultValues: { code: '' } })

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const { error } = await settleAuthCall(authClient.emailOtp.changeEmail({ newEmail, otp: code }))
    if (error) {
      form.resetField('code')
      return reportError(error)
    }
    toast.success(t('changeEmail.success', { email: newEmail }))
    await router.invalidate()
    onDone()
  })

  const resend = async () => {
    setResent(false)
    const { error } = await settleAuthCall(authClient.emailOtp.requestEmailChange({ newEmail }))
    if (error) return reportError(error)
    setResent(true)
  }

  const codeError = form.formState.errors.code?.message
  const submitting = form.formState.isSubmitting
  return (
    <FormDialogForm
      title={t('changeEmail.verifyTitle')}
      description={t('changeEmail.verifyDescription', { email: newEmail })}
      submitLabel={t('changeEmail.confirm')}
      submitting={submitting}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <OtpField
        label={t('auth:fields.code')}
        length={OTP_LENGTH}
        autoFocus
        error={codeError ? t(codeError) : undefined}
        {...form.register('code')}
      />
      <FormAlert tone="info">{resent ? t('changeEmail.resent') : undefined}</FormAlert>
      <div className="flex justify-between">
        <Button type="button" variant="link" size="sm" className="px-0" onClick={() => void resend()}>
          {t('changeEmail.resend')}
        </Button>
        <Button type="button" variant="link" size="sm" className="px-0" onClick={onBack}>
          {t('changeEmail.useAnother')}
        </Button>
      </div>
    </FormDialogForm>
  )
}
