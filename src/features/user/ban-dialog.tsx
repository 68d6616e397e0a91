import { zodResolver } from '@hookform/resolvers/zod'
import { Ban } from 'lucide'
import { useState } from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormDialog } from '@/components/ui/form-dialog'
import { Icon } from '@/components/ui/icon'
import { TextField } from '@/components/ui/text-field'
import { fieldMessage } from '@/lib/i18n/keys'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { BAN_REASON_MAX, banFormSchema, type UserDetail } from './schema'
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
  const form = useForm({ resolver: zodResolver(banFormSchema), defaultValues: { reason: '', expiresAt: '' } })
  const unban = useUserAction(orpc.user.unban.mutationOptions(), {
    successToast: 'user:toasts.unbanned',
    errorToast: 'user:toasts.unbanFailed',
  })
  const ban = useUserAction(orpc.user.ban.mutationOptions(), {
    successToast: 'user:toasts.banned',
    errorToast: 'user:toasts.banFailed',
  })

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

  // A failure is reported like every mutation's; the dialog stays open.
  const onSubmit = form.handleSubmit((values) =>
    ban.mutateAsync({ id: user.id, ...values }).then(
      () => {
        setOpen(false)
        form.reset()
      },
      () => undefined,
    ),
  )

  const message = (field: 'reason' | 'expiresAt') => fieldMessage(t, form.formState.errors[field]?.message)

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive">
          <Icon node={Ban} className="size-4" />
          {t('ban.open')}
        </Button>
      }
      title={t('ban.title', { name: user.name })}
      description={t('ban.description')}
      submitLabel={t('ban.confirm')}
      submitVariant="destructive"
      submitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('ban.reason')}
        maxLength={BAN_REASON_MAX}
        error={message('reason')}
        {...form.register('reason')}
      />
      <TextField
        label={t('ban.until')}
        type="date"
        min={tomorrow()}
        description={t('ban.untilHint')}
        error={message('expiresAt')}
        {...form.register('expiresAt')}
      />
    </FormDialog>
  )
}
