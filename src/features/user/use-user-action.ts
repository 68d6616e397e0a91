import type { UseMutationOptions } from '@tanstack/react-query'

import { useAdminAction } from '@/components/layout/use-admin-action'
import { orpc } from '@/lib/orpc'

/** An admin action of the user manager (`useAdminAction`), then fresh user data. */
export function useUserAction<Data, Failure, Variables>(
  procedure: UseMutationOptions<Data, Failure, Variables>,
  options: Omit<Parameters<typeof useAdminAction>[1], 'refresh'>,
) {
  return useAdminAction(procedure, { ...options, refresh: orpc.user.key() })
}
