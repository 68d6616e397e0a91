import { useMutation, type UseMutationOptions, useQueryClient } from '@tanstack/react-query'

import { toast } from '@/components/ui/toaster'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

/**
 * An admin action of the user manager, as a mutation of its procedure
 * (`orpc.user.x.mutationOptions()`): on success its toast, `then`, and fresh
 * user data; its failure is reported like every mutation's (`errorToast`).
 * A confirmation's `onConfirm` runs `mutateAsync`, whose rejection keeps the
 * confirmation open.
 */
export function useUserAction<Data, Failure, Variables>(
  procedure: UseMutationOptions<Data, Failure, Variables>,
  {
    successToast,
    errorToast,
    then,
  }: {
    successToast: TranslationKey
    errorToast: TranslationKey
    then?: () => Promise<unknown>
  },
) {
  const { t } = useTranslation('user')
  const queryClient = useQueryClient()
  return useMutation({
    ...procedure,
    meta: { errorToast },
    onSuccess: async () => {
      toast.success(translate(t, successToast))
      await then?.()
      await queryClient.invalidateQueries({ queryKey: orpc.user.key() })
    },
  })
}
