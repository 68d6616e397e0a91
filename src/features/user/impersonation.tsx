import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { UserRoundCog } from 'lucide'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import { authCall, authClient } from '@/lib/auth/auth-client'
import { useTranslation } from '@/lib/i18n/react'

import type { UserDetail } from './schema'

/**
 * Act as a user (never an admin): the auth service swaps the session cookie
 * for an hour-long one of that user; every page then shows the banner below.
 */
export function ImpersonateButton({ user }: { user: UserDetail }) {
  const { t } = useTranslation('user')
  const router = useRouter()
  const queryClient = useQueryClient()
  // A failure is reported like every mutation's (the auth service's message).
  const start = useMutation({
    mutationFn: () => authCall(authClient.admin.impersonateUser({ userId: user.id })),
    onSuccess: async () => {
      // Nothing the admin's session read may show as the user's.
      queryClient.clear()
      await router.invalidate()
      await router.navigate({ to: '/app' })
    },
  })
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary">
          <Icon node={UserRoundCog} className="size-4" />
          {t('impersonation.start')}
        </Button>
      }
      title={t('impersonation.startTitle', { name: user.name })}
      description={t('impersonation.startDescription')}
      confirmLabel={t('impersonation.start')}
      onConfirm={() => start.mutateAsync()}
    />
  )
}
