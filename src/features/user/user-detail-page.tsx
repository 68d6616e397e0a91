import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide'
import type { ReactNode } from 'react'

import { Avatar } from '@/components/ui/avatar'
import { BackLink } from '@/components/ui/back-link'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/page-header'
import { roleCan } from '@/lib/auth/role-matrix'
import type { SessionUser } from '@/lib/auth/session'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'
import { useFormatDate } from '@/lib/use-format-date'

import { BanButton } from './ban-dialog'
import { ImpersonateButton } from './impersonation'
import { userQueries } from './queries'
import type { UserDetail } from './schema'
import { useUserAction } from './use-user-action'
import { UserAuditTrail } from './user-audit'
import { EmailVerified, RoleBadge } from './user-badges'
import { UserPasskeys } from './user-passkeys'
import { UserSessions } from './user-sessions'

/** /manager/users/{id}: the user's data and states, the admin actions, sessions and audit trail. */
export function UserDetailPage({ id, me }: { id: string; me: SessionUser }) {
  const { t } = useTranslation('user')
  const { data: user } = useSuspenseQuery(userQueries.detail(id))
  const isSelf = user.id === me.id
  const date = useFormatDate()

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <BackLink to="/manager/users">{t('detail.back')}</BackLink>
        <PageHeader
          title={
            <>
              <Avatar user={user} size="md" />
              {user.name}
            </>
          }
          badge={isSelf ? <Badge tone="muted">{t('detail.you')}</Badge> : null}
          actions={
            <>
              <Link
                to="/manager/users/$id/update"
                params={{ id: user.id }}
                className={buttonVariants({ variant: 'secondary' })}
              >
                <Icon node={Pencil} className="size-4" />
                {t('detail.edit')}
              </Link>
              {/* Never oneself nor another admin (the auth service refuses it too). */}
              {!isSelf && !roleCan(user.role, { user: ['list'] }) ? <ImpersonateButton user={user} /> : null}
              {!isSelf ? <BanButton user={user} /> : null}
              {!isSelf ? <DeleteButton user={user} /> : null}
            </>
          }
        />
      </div>

      <dl className="grid gap-x-6 gap-y-4 rounded-lg border border-border p-4 sm:grid-cols-2">
        <Field label={t('fields.email')}>
          {/* break-all: a long address wraps inside the card rather than widening it (as on the account page). */}
          <span className="flex flex-wrap items-center gap-2 break-all" data-testid="user-email">
            {user.email}
            <EmailVerified verified={user.emailVerified} />
          </span>
        </Field>
        <Field label={t('detail.role')}>
          <RoleBadge role={user.role} />
        </Field>
        <Field label={t('detail.onboarding')}>
          {user.onboardedAt ? t('detail.onboardedAt', { date: date(user.onboardedAt) }) : t('detail.notOnboarded')}
        </Field>
        <Field label={t('detail.banState')}>
          <BanState user={user} date={date} />
        </Field>
        <Field label={t('detail.createdAt')}>{date(user.createdAt)}</Field>
      </dl>

      <UserSessions userId={user.id} />
      <UserPasskeys userId={user.id} />
      <UserAuditTrail userId={user.id} />
    </div>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function BanState({ user, date }: { user: UserDetail; date: (iso: string) => string }) {
  const { t } = useTranslation('user')
  if (!user.banned) return <span data-testid="ban-state">{t('detail.active')}</span>
  return (
    <span data-testid="ban-state" className="flex flex-col text-danger">
      {user.banExpires ? t('detail.bannedUntil', { date: date(user.banExpires) }) : t('detail.bannedForever')}
      {user.banReason ? <span className="text-sm">{t('detail.banReason', { reason: user.banReason })}</span> : null}
    </span>
  )
}

function DeleteButton({ user }: { user: UserDetail }) {
  const { t } = useTranslation('user')
  const navigate = useNavigate()
  const remove = useUserAction(orpc.user.delete.mutationOptions(), {
    successToast: 'user:toasts.deleted',
    errorToast: 'user:toasts.deleteFailed',
    // Leave the page before its data is refreshed: the user is gone.
    then: () => navigate({ to: '/manager/users' }),
  })
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Icon node={Trash2} className="size-4" />
          {t('detail.delete')}
        </Button>
      }
      title={t('detail.deleteTitle', { name: user.name })}
      description={t('detail.deleteDescription')}
      confirmLabel={t('detail.delete')}
      variant="destructive"
      onConfirm={() => remove.mutateAsync({ id: user.id })}
    />
  )
}
