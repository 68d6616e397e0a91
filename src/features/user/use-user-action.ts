import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { toast } from '@/components/ui/toaster'
import { apiErrorMessage } from '@/lib/api-error'
import { handleDemoModeError } from '@/lib/demo/demo-store'

import { allUserQueries } from './queries'

/**
 * An admin action of the user manager, for a confirmation's `onConfirm`: on
 * success a toast and fresh user data; on failure the demo dialog or a toast
 * (the server's message, else `failedKey`), and a rejection so the
 * confirmation stays open.
 */
export function useUserAction() {
  const { t } = useTranslation('user')
  const queryClient = useQueryClient()
  return async function run<T>(
    action: () => Promise<T>,
    { successKey, failedKey, then }: { successKey: string; failedKey: string; then?: () => Promise<unknown> },
  ) {
    try {
      const result = await action()
      toast.success(t(successKey))
      await then?.()
      await queryClient.invalidateQueries(allUserQueries())
      return result
    } catch (error) {
      if (!handleDemoModeError(error)) toast.error(apiErrorMessage(t, error, failedKey))
      throw error
    }
  }
}
