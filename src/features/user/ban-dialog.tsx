import { Ban } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  ResponsiveDialog,
  ResponsiveDialogBody,
  ResponsiveDialogContent,
  ResponsiveDialogDescription,
  ResponsiveDialogFooter,
  ResponsiveDialogHeader,
  ResponsiveDialogTitle,
  ResponsiveDialogTrigger,
} from '@/components/ui/responsive-dialog'
import { TextField } from '@/components/ui/text-field'
import { api } from '@/lib/orpc'

import { BAN_REASON_MAX, type UserDetail } from './schema'
import { useUserAction } from './use-user-action'

/** The date input's value for tomorrow: the first day a ban may end. */
function tomorrow() {
  const date = new Date(Date.now() + 24 * 3600 * 1000)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/** Ban (a reason, an optional last day) or, for a banned user, unban; each confirmed. */
export function BanButton({ user }: { user: UserDetail }) {
  const { t } = useTranslation(['user', 'ui'])
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [until, setUntil] = useState('')
  const unban = useUserAction({
    mutationFn: api.user.unban,
    successToast: 'user:toasts.unbanned',
    errorToast: 'user:toasts.unbanFailed',
  })
  const ban = useUserAction({
    mutationFn: api.user.ban,
    successToast: 'user:toasts.banned',
    errorToast: 'user:toasts.banFailed',
  })
  const pending = ban.isPending

  if (user.banned) {
    return (
      <ConfirmDialog
        trigger={<Button variant="secondary">{t('ban.unban')}</Button>}
        title={t('ban.unbanTitle', { name: user.name })}
        description={t('ban.unbanDescription')}
        confirmLabel={t('ban.unban')}
        onConfirm={() => unban.mutateAsync({ id: user.id })}
      />
    )
  }

  const submit = () => {
    // The ban lasts through the chosen day, in the admin's time zone.
    const expiresAt = until ? new Date(`${until}T23:59:59`).toISOString() : undefined
    // A failure is reported like every mutation's; the dialog stays open.
    ban.mutate(
      { id: user.id, reason, expiresAt },
      {
        onSuccess: () => {
          setOpen(false)
          setReason('')
          setUntil('')
        },
      },
    )
  }

  return (
    <ResponsiveDialog open={open} onOpenChange={setOpen} dismissible={!pending}>
      <ResponsiveDialogTrigger asChild>
        <Button variant="destructive">
          <Ban aria-hidden className="size-4" />
          {t('ban.open')}
        </Button>
      </ResponsiveDialogTrigger>
      <ResponsiveDialogContent>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <ResponsiveDialogHeader>
            <ResponsiveDialogTitle>{t('ban.title', { name: user.name })}</ResponsiveDialogTitle>
            <ResponsiveDialogDescription>{t('ban.description')}</ResponsiveDialogDescription>
          </ResponsiveDialogHeader>
          <ResponsiveDialogBody className="flex flex-col gap-4">
            <TextField
              label={t('ban.reason')}
              value={reason}
              maxLength={BAN_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex flex-col gap-1">
              <TextField
                label={t('ban.until')}
                type="date"
                min={tomorrow()}
                value={until}
                onChange={(event) => setUntil(event.target.value)}
              />
              <p className="text-sm text-muted-foreground">{t('ban.untilHint')}</p>
            </div>
          </ResponsiveDialogBody>
          <ResponsiveDialogFooter>
            <Button variant="secondary" disabled={pending} onClick={() => setOpen(false)}>
              {t('ui:confirm.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending} aria-busy={pending || undefined}>
              {t('ban.confirm')}
            </Button>
          </ResponsiveDialogFooter>
        </form>
      </ResponsiveDialogContent>
    </ResponsiveDialog>
  )
}
