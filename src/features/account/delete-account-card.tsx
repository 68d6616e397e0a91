import { useRouter } from '@tanstack/react-router'
import { Trash2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { SectionCard } from '@/components/ui/section-card'
import { toast } from '@/components/ui/toaster'
import { authClient, settleAuthCall } from '@/lib/auth/auth-client'

import { useAccountError } from './use-account-error'

/** Deletion of one's own account, behind a confirmation; needs a fresh session (SESSION_EXPIRED). */
export function DeleteAccountCard() {
  const { t } = useTranslation('account')
  const router = useRouter()
  const reportError = useAccountError()

  const deleteAccount = async () => {
    const { error } = await settleAuthCall(authClient.deleteUser({}))
    if (error) {
      reportError(error, t('deleteAccount.failed'))
      return
    }
    toast.success(t('deleteAccount.deleted'))
    await router.invalidate()
    await router.navigate({ to: '/login' })
  }

  return (
    <SectionCard title={t('deleteAccount.title')} description={t('deleteAccount.description')}>
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm">
              <Trash2Icon aria-hidden className="size-4" />
              {t('deleteAccount.button')}
            </Button>
          }
          title={t('deleteAccount.confirmTitle')}
          description={t('deleteAccount.confirmDescription')}
          confirmLabel={t('deleteAccount.confirm')}
          variant="destructive"
          onConfirm={deleteAccount}
        />
      </div>
    </SectionCard>
  )
}
