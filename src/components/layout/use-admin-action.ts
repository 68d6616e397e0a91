import { type QueryKey, useMutation, type UseMutationOptions, useQueryClient } from '@tanstack/react-query'

import { toast } from '@/components/ui/toaster'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'

/**
 * An action of an admin page as a mutation of its procedure
 * (`orpc.x.y.mutationOptions()`): on success its toast, `then`, and fresh
 * data for the queries under `refresh` (`orpc.x.key()`); its failure is
 * reported like every mutation's (`errorToast`, mutation-feedback.tsx). A
 * confirmation's `onConfirm` runs `mutateAsync`, whose rejection keeps the
 * confirmation open.
 */
export function useAdminAction<Data, Failure, Variables>(
  procedure: UseMutationOptions<Data, Failure, Variables>,
  {
    successToast,
    errorToast,
    refresh,
    then,
  }: {
    successToast: TranslationKey
    errorToast: TranslationKey
    refresh: QueryKey
    then?: () => Promise<unknown>
  },
) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    ...procedure,
    meta: { errorToast },
    onSuccess: async () => {
      toast.success(translate(t, successToast))
      await then?.()
      await queryClient.invalidateQueries({ queryKey: refresh })
    },
  })
}
