import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { EmailAddress } from '@/components/ui/email-address'
import { FormAlert } from '@/components/ui/form-alert'
import { FormDialogForm } from '@/components/ui/form-dialog'
import { OtpField } from '@/components/ui/otp-field'
import { ResponsiveDialog, ResponsiveDialogContent } from '@/components/ui/responsive-dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toaster'
import { authCall, authClient } from '@/lib/auth/auth-client'
import { OTP_LENGTH } from '@/lib/auth/otp'
import { emailSchema, verifyFormSchema } from '@/lib/auth/schemas'
import { fieldMessage } from '@/lib/i18n/keys'
import { Trans, useTranslation } from '@/lib/i18n/react'
import { z } from '@/lib/i18n/zod'

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
  const form = useForm({ resolver: zodResolver(newEmailFormSchema), defaultValues: { newEmail: '' } })
  const request = useMutation({
    mutationFn: (newEmail: string) => authCall(authClient.emailOtp.requestEmailChange({ newEmail })),
    onSuccess: (_data, newEmail) => onSent(newEmail),
  })

  const onSubmit = form.handleSubmit(({ newEmail }) => request.mutateAsync(newEmail).catch(() => undefined))
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
        error={fieldMessage(t, form.formState.errors.newEmail?.message)}
        {...form.register('newEmail')}
      />
    </FormDialogForm>
  )
}

function CodeStep({ newEmail, onDone, onBack }: { newEmail: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation(['account', 'auth'])
  const router = useRouter()
  const [resent, setResent] = useState(false)
  const form = useForm({ resolver: zodResolver(verifyFormSchema), defaultValues: { code: '' } })
  const change = useMutation({
    mutationFn: (code: string) => authCall(authClient.emailOtp.changeEmail({ newEmail, otp: code })),
    onSuccess: async () => {
      toast.success(t('changeEmail.success', { email: newEmail }))
      await router.invalidate()
      onDone()
    },
    onError: () => form.resetField('code'),
  })
  const resend = useMutation({
    mutationFn: () => authCall(authClient.emailOtp.requestEmailChange({ newEmail })),
    onMutate: () => setResent(false),
    onSuccess: () => setResent(true),
  })

  const onSubmit = form.handleSubmit(({ code }) => change.mutateAsync(code).catch(() => undefined))
  const submitting = form.formState.isSubmitting
  return (
    <FormDialogForm
      title={t('changeEmail.verifyTitle')}
      description={
        <Trans
          t={t}
          i18nKey="changeEmail.verifyDescription"
          values={{ email: newEmail }}
          components={{ email: <EmailAddress /> }}
        />
      }
      submitLabel={t('changeEmail.confirm')}
      submitting={submitting}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <OtpField
            label={t('auth:fields.code')}
            length={OTP_LENGTH}
            autoFocus
            error={fieldMessage(t, form.formState.errors.code?.message)}
            {...field}
          />
        )}
      />
      <FormAlert tone="info">{resent ? t('changeEmail.resent') : undefined}</FormAlert>
      <div className="flex justify-between">
        <Button type="button" variant="link" size="sm" className="px-0" onClick={() => resend.mutate()}>
          {t('changeEmail.resend')}
        </Button>
        <Button type="button" variant="link" size="sm" className="px-0" onClick={onBack}>
          {t('changeEmail.useAnother')}
        </Button>
      </div>
    </FormDialogForm>
  )
}
