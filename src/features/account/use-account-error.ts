import { useLocation, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { toast } from '@/components/ui/toaster'
import { authClient } from '@/lib/auth/auth-client'
import { authErrorMessage, toAuthErrorCode } from '@/lib/auth/auth-errors'
import { handleDemoModeError } from '@/lib/demo/demo-store'

type ErrorLike = { code?: string; status?: number; message?: string } | null | undefined

/**
 * Reports a failed account action: the demo dialog for a demo-mode refusal;
 * otherwise a toast with `fallback` (the action's own failure text) or, for a
 * code of the catalogue, its translated message. SESSION_EXPIRED offers
 * 'Sign in again', which signs out and comes back here after the new sign-in.
 */
export function useAccountError() {
  const { t } = useTranslation('account')
  const router = useRouter()
  const location = useLocation()

  const signInAgain = async () => {
    await authClient.signOut().catch(() => undefined)
    await router.invalidate()
    await router.navigate({ to: '/login', search: { redirect: location.href } })
  }

  return (error: unknown, fallback?: string) => {
    if (handleDemoModeError(error)) return
    const code = toAuthErrorCode((error as ErrorLike)?.code)
    if (code === 'SESSION_EXPIRED') {
      toast.error(authErrorMessage(t, error as ErrorLike), {
        action: { label: t('reauthenticate'), onClick: () => void signInAgain() },
      })
      return
    }
    // A code that tells what to do ('Email already used', 'Too many requests'…)
    // beats the action's generic failure text.
    const explains = code !== undefined && code !== 'UNKNOWN_ERROR' && !code.startsWith('FAILED_TO')
    toast.error(explains || !fallback ? authErrorMessage(t, error as ErrorLike) : fallback)
  }
}
