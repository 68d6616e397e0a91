import { useRouter } from '@tanstack/react-router'
import { LogOutIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/toaster'
import { authClient, settleAuthCall } from '@/features/auth/auth-client'

/**
 * Signs out after a confirmation (spec section 4), then returns to the login
 * page; a failure shows the toast 'Sign out failed'. The confirmation is a
 * dialog, or a bottom drawer at 640px and less.
 */
export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation(['ui', 'common'])
  const router = useRouter()

  const signOut = async () => {
    const { error } = await settleAuthCall(authClient.signOut())
    if (error) {
      toast.error(t('common:errors.signOutFailed'))
      return
    }
    await router.invalidate()
    await router.navigate({ to: '/login' })
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" className={className}>
          <LogOutIcon aria-hidden className="size-4" />
          {t('common:actions.signOut')}
        </Button>
      }
      title={t('signOut.title')}
      description={t('signOut.description')}
      confirmLabel={t('common:actions.signOut')}
      variant="destructive"
      onConfirm={signOut}
    />
  )
}
