import type { AnyRouter } from '@tanstack/react-router'
import type { TFunction } from 'i18next'

import { toast } from '@/components/ui/toaster'
import { apiErrorData, apiErrorMessage, hasFieldErrors } from '@/lib/api-error'
import type { AuthCallError } from '@/lib/auth/auth-client'
import { authErrorMessage, toAuthErrorCode } from '@/lib/auth/auth-errors'
import { lazyAuthCall } from '@/lib/auth/lazy-auth-client'
import { handleDemoModeError } from '@/lib/demo/demo-store'
import type { Namespace } from '@/lib/i18n/config'
import { translate } from '@/lib/i18n/keys'
import type { MutationMeta } from '@/lib/mutation-meta'

type T = TFunction<Namespace[]>

/**
 * The text of a failed mutation's toast. An API error: its own message,
 * else the action's failure; when a form put it on its fields, only the
 * action's failure. An auth service error ({ code, status }): its code's
 * message when that code says what to do ('Email already used', 'Too many
 * requests…'), else the action's failure.
 */
export function mutationErrorMessage(t: T, error: unknown, meta: MutationMeta = {}): string {
  const { errorToast, formFields } = meta
  if (apiErrorData(error)) {
    if (errorToast && formFields && hasFieldErrors(error, formFields)) return translate(t, errorToast)
    return apiErrorMessage(t, error, errorToast ?? 'ui:api.unexpected')
  }
  const code = toAuthErrorCode((error as AuthCallError | null)?.code)
  const explains = code !== undefined && code !== 'UNKNOWN_ERROR' && !code.startsWith('FAILED_TO')
  return explains || !errorToast ? authErrorMessage(t, error as AuthCallError) : translate(t, errorToast)
}

/**
 * Reports a failed mutation: a demo-mode refusal opens the demo dialog; any
 * other failure is a toast (see `mutationErrorMessage`); an expired
 * session's toast offers 'Sign in again', which signs out and comes back to
 * this page after the new sign-in.
 */
export function reportMutationError({
  t,
  router,
  error,
  meta,
}: {
  t: T
  router: AnyRouter
  error: unknown
  meta: MutationMeta | undefined
}) {
  if (handleDemoModeError(error)) return
  const message = mutationErrorMessage(t, error, meta)
  if (toAuthErrorCode((error as AuthCallError | null)?.code) !== 'SESSION_EXPIRED') {
    toast.error(message)
    return
  }
  const signInAgain = async () => {
    const redirect = router.state.location.href
    await lazyAuthCall((authClient) => authClient.signOut())
    await router.invalidate()
    await router.navigate({ to: '/login', search: { redirect } })
  }
  toast.error(message, { action: { label: translate(t, 'account:reauthenticate'), onClick: () => void signInAgain() } })
}
