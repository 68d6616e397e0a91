import { useMutation } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Trash2 } from 'lucide'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import { SectionCard } from '@/components/ui/section-card'
import { toast } from '@/components/ui/toaster'
import { authCall, authClient } from '@/lib/auth/auth-client'
import { useTranslation } from '@/lib/i18n/react'

/** Deletion of one's own account, behind a confirmation; needs a proof of presence (the proof dialog asks for it). */
export function DeleteAccountCard() {
  const { t } = useTranslation('account')
  const router = useRouter()
  const deleteAccount = useMutation({
    mutationFn: () => authCall(authClient.deleteUser({})),
    meta: { errorToast: 'account:deleteAccount.failed' },
    onSuccess: async () => {
      toast.success(t('deleteAccount.deleted'))
      await router.invalidate()
      await router.navigate({ to: '/login' })
    },
  })

  return (
    <SectionCard title={t('deleteAccount.title')} description={t('deleteAccount.description')}>
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm">
              <Icon node={Trash2} className="size-4" />
              {t('deleteAccount.button')}
            </Button>
          }
          title={t('deleteAccount.confirmTitle')}
          description={t('deleteAccount.confirmDescription')}
          confirmLabel={t('deleteAccount.confirm')}
          variant="destructive"
          // A failure closes the confirmation too; its toast says why (or the proof dialog asks for a recent sign-in).
          onConfirm={() => deleteAccount.mutateAsync().catch(() => undefined)}
        />
      </div>
    </SectionCard>
  )
}
