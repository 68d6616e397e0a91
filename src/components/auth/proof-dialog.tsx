import { type FormEvent, useState } from 'react'

import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { OtpField } from '@/components/ui/otp-field'
import {
  ResponsiveDialog,
  ResponsiveDialogBody,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
} from '@/components/ui/responsive-dialog'
import { type AuthCallError, authClient, settleAuthCall } from '@/lib/auth/auth-client'
import { authErrorMessage } from '@/lib/auth/auth-errors'
import { OTP_LENGTH } from '@/lib/auth/otp'
import { signInWithPasskey } from '@/lib/auth/passkeys'
import { PROOF_ACTIONS } from '@/lib/auth/proof-actions'
import { settleProof, useProofAction, useProofAsked } from '@/lib/auth/proof-store'
import { useTranslation } from '@/lib/i18n/react'

/**
 * 'Confirm it's you': an action was refused because the session's proof of
 * presence is closed (SESSION_EXPIRED). The dialog names that action, and says
 * it cannot be undone only when so. The person signs in again here, with a
 * passkey or a new e-mail code, without leaving the page; the refused request
 * is then sent again with the fresh session (proof-store.ts), and the action
 * completes where it was asked.
 */
export function ProofDialog({ email }: { email: string }) {
  const { t } = useTranslation('auth')
  const asked = useProofAsked()
  const action = useProofAction()
  const [codeSent, setCodeSent] = useState(false)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const close = (proved = false) => {
    settleProof(proved)
    setCodeSent(false)
    setCode('')
    setError(undefined)
  }

  /** Runs one step; a proof that succeeded completes the action that asked for it. */
  const step = async (run: () => Promise<{ error?: AuthCallError | null }>, proves: boolean) => {
    setBusy(true)
    setError(undefined)
    try {
      const result = await run()
      if (result.error) {
        if (result.error.code !== 'AUTH_CANCELLED') setError(authErrorMessage(t, result.error))
        return
      }
      if (proves) close(true)
      else setCodeSent(true)
    } finally {
      setBusy(false)
    }
  }

  const sendCode = () =>
    step(() => settleAuthCall(authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' })), false)
  const confirmCode = (event: FormEvent) => {
    event.preventDefault()
    // No session signal (SessionSync): the same person, on the page they act from; the action that
    // asked refreshes what it changed, and a page it leaves (a deleted user's) is not asked again.
    return step(
      () => settleAuthCall(authClient.signIn.emailOtp({ email, otp: code.trim() }, { disableSignal: true })),
      true,
    )
  }

  return (
    <ResponsiveDialog open={asked} onOpenChange={(open) => !open && close()} dismissible={!busy}>
      <ResponsiveDialogContent>
        <ResponsiveDialogHeader>
          <ResponsiveDialogTitle>{t('proof.title')}</ResponsiveDialogTitle>
          <ResponsiveDialogDescription>{t('proof.description')}</ResponsiveDialogDescription>
          {action ? (
            <p className="text-sm font-medium">
              {t('proof.action', { action: t(`proof.actions.${action}`) })}
              {PROOF_ACTIONS[action].irreversible ? ` ${t('proof.irreversible')}` : null}
            </p>
          ) : null}
        </ResponsiveDialogHeader>
        <ResponsiveDialogBody className="flex flex-col gap-3">
          <Button loading={busy && !codeSent} disabled={busy} onClick={() => void step(signInWithPasskey, true)}>
            {t('proof.passkey')}
          </Button>
          {codeSent ? (
            <form className="flex flex-col gap-3" onSubmit={(event) => void confirmCode(event)}>
              <OtpField
                length={OTP_LENGTH}
                label={t('proof.code')}
                description={t('proof.codeSent', { email })}
                value={code}
                onChange={setCode}
                autoFocus
              />
              <Button type="submit" variant="secondary" loading={busy}>
                {t('proof.confirm')}
              </Button>
            </form>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => void sendCode()}>
              {t('proof.sendCode')}
            </Button>
          )}
          <FormAlert>{error}</FormAlert>
        </ResponsiveDialogBody>
        <ResponsiveDialogFooter>
          <Button variant="ghost" disabled={busy} onClick={() => close()}>
            {t('proof.cancel')}
          </Button>
        </ResponsiveDialogFooter>
      </ResponsiveDialogContent>
    </ResponsiveDialog>
  )
}
