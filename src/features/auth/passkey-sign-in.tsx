import { useRouter } from '@tanstack/react-router'
import { FingerprintPattern } from 'lucide'
import { useEffect, useEffectEvent, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import type { AuthCallError } from '@/lib/auth/auth-client'
import { passkeyAutofillAvailable, signInWithPasskey } from '@/lib/auth/passkeys'
import { useTranslation } from '@/lib/i18n/react'

import { homeOf, safeRedirect } from './redirect'

/**
 * 'Sign in with a passkey', and the same offered in the e-mail field's
 * autofill (its `autocomplete` ends in `webauthn`) where the browser can.
 * A passkey of no account here is refused by the server: passkeys never sign up.
 */
export function PasskeySignIn({ redirect, onError }: { redirect: string; onError: (message: string) => void }) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const [pending, setPending] = useState(false)

  const settle = async (result: Awaited<ReturnType<typeof signInWithPasskey>>) => {
    if (result.error) return report(result.error)
    // Guards of the target page send a new user to onboarding first.
    await router.invalidate()
    await router.navigate({ href: safeRedirect(redirect) ?? homeOf(result.data.user.role), replace: true })
  }

  const report = async (error: AuthCallError) => {
    // A prompt the person dismissed needs no message.
    if (error.code === 'AUTH_CANCELLED') return
    // The error messages load with the first error, not with the page.
    const { authErrorMessage } = await import('@/lib/auth/auth-errors')
    onError(authErrorMessage(t, error))
  }

  const settleAutofill = useEffectEvent(settle)
  // Once per visit of the page: the browser holds the request until a passkey is picked.
  useEffect(() => {
    let active = true
    void passkeyAutofillAvailable().then(async (available) => {
      if (!available || !active) return
      const result = await signInWithPasskey({ autoFill: true })
      if (active) await settleAutofill(result)
    })
    return () => {
      active = false
    }
  }, [])

  const signIn = async () => {
    setPending(true)
    try {
      await settle(await signInWithPasskey())
    } finally {
      setPending(false)
    }
  }

  return (
    <Button type="button" variant="secondary" loading={pending} onClick={() => void signIn()}>
      <Icon node={FingerprintPattern} className="size-4" />
      {t('login.passkey')}
    </Button>
  )
}
