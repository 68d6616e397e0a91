import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { DataList } from '@/components/ui/data-list'
import { SessionList, SessionRow, useDeviceName, useSessionDate } from '@/components/ui/session-list'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { userQueries } from './queries'
import type { SessionItem } from './schema'
import { useUserAction } from './use-user-action'

/** A user's live sessions (device, address, times; the current one marked), each revocable, or all at once. */
export function UserSessions({ userId }: { userId: string }) {
  const { t } = useTranslation('user')
  const list = useInfiniteList<SessionItem, Error>(userQueries.sessions(userId))
  const revokeAll = useUserAction(orpc.user.revokeSessions.mutationOptions(), {
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
          <SessionList label={t('sessions.title')} bordered>
            {sessions.map((session) => (
              <UserSessionRow key={session.id} session={session} userId={userId} />
            ))}
          </SessionList>
        )}
      </DataList>
    </section>
  )
}

function UserSessionRow({ session, userId }: { session: SessionItem; userId: string }) {
  const { t } = useTranslation('user')
  const revoke = useUserAction(orpc.user.revokeSession.mutationOptions(), {
    successToast: 'user:toasts.sessionRevoked',
    errorToast: 'user:toasts.revokeSessionFailed',
  })
  const date = useSessionDate()
  const deviceName = useDeviceName()
  return (
    <SessionRow
      testId="session-row"
      device={session.device}
      badges={
        <>
          {session.current ? <Badge tone="primary">{t('sessions.current')}</Badge> : null}
          {session.impersonated ? <Badge tone="warning">{t('sessions.impersonated')}</Badge> : null}
        </>
      }
      details={[
        [session.ipAddress ? t('sessions.ip', { ip: session.ipAddress }) : t('sessions.unknownIp')],
        [
          t('sessions.createdAt', { date: date(session.createdAt) }),
          t('sessions.lastActiveAt', { date: date(session.lastActiveAt) }),
          t('sessions.expiresAt', { date: date(session.expiresAt) }),
        ],
      ]}
      action={
        <ConfirmDialog
          trigger={
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('sessions.revokeLabel', { device: deviceName(session.device) })}
            >
              {t('sessions.revoke')}
            </Button>
          }
          title={t('sessions.revokeTitle')}
          description={t('sessions.revokeDescription')}
          confirmLabel={t('sessions.revoke')}
          variant="destructive"
          onConfirm={() => revoke.mutateAsync({ id: userId, sessionId: session.id })}
        />
      }
    />
  )
}
