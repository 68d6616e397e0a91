import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { useTranslation } from '@/lib/i18n/react'

/**
 * Reports every failed mutation, once, for the whole app (mounted in the
 * root; see ./mutation-report.ts for what it shows): no action reports its
 * own failure. A mutation's own `onError` runs first (a form puts field
 * errors on its fields there). The reporting code loads with the first
 * failure, not with every page.
 */
export function MutationFeedback() {
  const queryClient = useQueryClient()
  const { t } = useTranslation(['ui', 'account'])

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        const { error } = event.action
        const { meta } = event.mutation
        void import('./mutation-report').then(({ reportMutationError }) => reportMutationError({ t, error, meta }))
      }),
    [queryClient, t],
  )

  return null
}
