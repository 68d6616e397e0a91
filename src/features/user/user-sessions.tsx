import { MonitorSmartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataList } from '@/components/ui/data-list'
import { api } from '@/lib/orpc'
import { useFormatDate } from '@/lib/use-format-date'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { userQueries } from './queries'
import type { SessionItem } from './schema'
import { useUserAction } from './use-user-action'

/** A user's live sessions (device, address, times; the current one marked), each revocable, or all at once. */
export function UserSessions({ userId }: { userId: string }) {
  const { t } = useTranslation('user')
  const list = useInfiniteList<SessionItem, Error>(userQueries.sessions(userId))
  const revokeAll = useUserAction({
    mutationFn: api.user.revokeSessions,
    successToast: 'user:toasts.sessionsRevoked',
    errorToast: 'user:toasts.revokeAllFailed',
  })
  return (
    <section aria-labelledby="user-sessions" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="user-sessions" className="text-lg font-semibold">
          {t('sessions.title')}
        </h2>
        {list.items.length > 0 ? (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" size="sm">
                {t('sessions.revokeAll')}
              </Button>
            }
            title={t('sessions.revokeAllTitle')}
            description={t('sessions.revokeAllDescription')}
            confirmLabel={t('sessions.revokeAll')}
            variant="destructive"
            onConfirm={() => revokeAll.mutateAsync({ id: userId })}
          />
        ) : null}
      </div>
      <DataList list={list} empty={t('sessions.empty')}>
        {(sessions) => (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} userId={userId} />
            ))}
          </ul>
        )}
      </DataList>
    </section>
  )
}

function SessionRow({ session, userId }: { session: SessionItem; userId: string }) {
  const { t } = useTranslation('user')
  const revoke = useUserAction({
    mutationFn: api.user.revokeSession,
    successToast: 'user:toasts.sessionRevoked',
    errorToast: 'user:toasts.revokeSessionFailed',
  })
  const date = useFormatDate()
  const device =
    session.device.browser || session.device.os
      ? t('sessions.device', { browser: session.device.browser ?? '?', os: session.device.os ?? '?' })
      : t('sessions.unknownDevice')
  return (
    <li data-testid="session-row" className="flex flex-wrap items-start gap-3 px-4 py-3">
      <MonitorSmartphone aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {session.current ? (
            <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary">{t('sessions.current')}</span>
          ) : null}
          {session.impersonated ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
              {t('sessions.impersonated')}
            </span>
          ) : null}
        </p>
        <p className="text-muted-foreground">
          {session.ipAddress ? t('sessions.ip', { ip: session.ipAddress }) : t('sessions.unknownIp')}
        </p>
        <p className="text-muted-foreground">
          {t('sessions.createdAt', { date: date(session.createdAt) })} ·{' '}
          {t('sessions.lastActiveAt', { date: date(session.lastActiveAt) })} ·{' '}
          {t('sessions.expiresAt', { date: date(session.expiresAt) })}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="sm" aria-label={t('sessions.revokeLabel', { device })}>
            {t('sessions.revoke')}
          </Button>
        }
        title={t('sessions.revokeTitle')}
        description={t('sessions.revokeDescription')}
        confirmLabel={t('sessions.revoke')}
        variant="destructive"
        onConfirm={() => revoke.mutateAsync({ id: userId, sessionId: session.id })}
      />
    </li>
  )
}
