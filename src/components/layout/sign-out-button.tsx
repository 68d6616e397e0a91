import { useRouter, useRouterState } from '@tanstack/react-router'
import { LogOut } from 'lucide'
import { lazy, Suspense, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { toast } from '@/components/ui/toaster'
import { lazyAuthCall } from '@/lib/auth/lazy-auth-client'
import { useTranslation } from '@/lib/i18n/react'

// On every manager page (the user menu): the dialog's and the auth client's code load on the first click.
const ConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
)

/**
 * Signs out after a confirmation (docs/product.md#states), then returns to the login
 * page; a failure shows the toast 'Sign out failed'. The confirmation is a
 * dialog, or a bottom drawer at 640px and less. Before the script runs (or
 * without one) the button is a form that leads to the same question as a page
 * (/logout), which signs out by a form post.
 */
export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation(['ui', 'common'])
  const router = useRouter()
  const here = useRouterState({ select: (state) => state.location.href })
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)

  const signOut = async () => {
    const { error } = await lazyAuthCall((authClient) => authClient.signOut())
    if (error) {
      toast.error(t('common:errors.signOutFailed'))
      return
    }
    await router.invalidate()
    await router.navigate({ to: '/login' })
  }

  return (
    <>
      <form method="get" action="/logout" className="contents">
        <input type="hidden" name="redirect" value={here} />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          className={className}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => {
            event.preventDefault()
            setOpened(true)
            setOpen(true)
          }}
        >
          <Icon node={LogOut} className="size-4" />
          {t('common:actions.signOut')}
        </Button>
      </form>
      {opened ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title={t('signOut.title')}
            description={t('signOut.description')}
            confirmLabel={t('common:actions.signOut')}
            variant="destructive"
            onConfirm={signOut}
          />
        </Suspense>
      ) : null}
    </>
  )
}
