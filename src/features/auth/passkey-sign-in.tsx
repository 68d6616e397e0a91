import { useRouter } from '@tanstack/react-router'
import { FingerprintPattern } from 'lucide'
import { useEffect, useEffectEvent, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import type { AuthCallError } from '@/lib/auth/auth-client'
import { useTranslation } from '@/lib/i18n/react'

import { homeOf, safeRedirect } from './redirect'

/**
 * The WebAuthn client (the ceremonies and @simplewebauthn/browser): loaded when
 * used, not with the login page (its weight budget, decision 035).
 */
const loadPasskeys = () => import('@/lib/auth/passkeys')

type Settled = Awaited<ReturnType<Awaited<ReturnType<typeof loadPasskeys>>['signInWithPasskey']>>

/** The events that show a person reaching for the e-mail field, whose suggestions may hold passkeys. */
const REACHING = ['pointerdown', 'focusin', 'keydown'] as const
const PASSKEY_FIELD = 'input[autocomplete$="webauthn"]'

/** Runs `task` once, the first time the person reaches for the field offering passkeys; cancelled by the returned function. */
function whenReached(task: () => void) {
  const listener = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(PASSKEY_FIELD)) return
    stop()
    task()
  }
  const stop = () => {
    for (const type of REACHING) document.removeEventListener(type, listener, true)
  }
  for (const type of REACHING) document.addEventListener(type, listener, true)
  return stop
}

/**
 * 'Sign in with a passkey', and the same offered in the e-mail field's
 * autofill (its `autocomplete` ends in `webauthn`) where the browser can,
 * asked for as the person reaches for the field (touches, clicks, focuses or
 * types in it): the WebAuthn client is not part of the page's first load. A
 * passkey of no account here is refused by the server: passkeys never sign up.
 */
export function PasskeySignIn({ redirect, onError }: { redirect: string; onError: (message: string) => void }) {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const [pending, setPending] = useState(false)

  const settle = async (result: Settled) => {
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

  const settleAutofill = useEffectEvent(async (result: Settled) => {
    // An offer the person did not take up (the browser could not make it, the
    // options did not come) says nothing; the server's verdict on a passkey they picked does.
    if (result.error && result.error.status === undefined) return
    await settle(result)
  })
  // Once per visit of the page: the browser holds the request until a passkey is picked.
  useEffect(() => {
    let active = true
    const cancel = whenReached(() => {
      void loadPasskeys().then(
        async ({ passkeyAutofillAvailable, signInWithPasskey }) => {
          if (!active || !(await passkeyAutofillAvailable())) return
          const result = await signInWithPasskey({ autoFill: true })
          if (active) await settleAutofill(result)
        },
        () => undefined,
      )
    })
    return () => {
      active = false
      cancel()
    }
  }, [])

  const signIn = async () => {
    setPending(true)
    try {
      const { signInWithPasskey } = await loadPasskeys().catch(() => ({ signInWithPasskey: undefined }))
      await settle(signInWithPasskey ? await signInWithPasskey() : { error: { code: 'UNKNOWN_ERROR' } })
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
