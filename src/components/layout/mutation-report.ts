import type { TFunction } from 'i18next'

import { toast } from '@/components/ui/toaster'
import { apiErrorData, apiErrorMessage, hasFieldErrors } from '@/lib/api-error'
import type { AuthCallError } from '@/lib/auth/auth-client'
import { authErrorMessage, toAuthErrorCode } from '@/lib/auth/auth-errors'
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
 * other failure is a toast (see `mutationErrorMessage`). A refusal for want
 * of a recent sign-in got here only after its proof dialog was dismissed
 * (src/lib/auth/proof-store.ts): its toast says so.
 */
export function reportMutationError({ t, error, meta }: { t: T; error: unknown; meta: MutationMeta | undefined }) {
  if (handleDemoModeError(error)) return
  toast.error(mutationErrorMessage(t, error, meta))
}
