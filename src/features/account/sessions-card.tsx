import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { type QueryState, queryState } from '@/components/ui/query-state'
import { SectionCard } from '@/components/ui/section-card'
import { SessionList, SessionRow, useDeviceName, useSessionDate } from '@/components/ui/session-list'
import { toast } from '@/components/ui/toaster'
import { useTranslation } from '@/lib/i18n/react'
import { orpc } from '@/lib/orpc'

import { accountQueries } from './queries'
import type { OwnSession } from './sessions'

/**
 * The user's own sessions: device, signed-in and last-active times, this
 * device marked; sign out one other device, or all of them. Times go through
 * `useFormatDate`, which shows them in the browser's time zone once hydrated.
 */
export function SessionsCard() {
  const { t } = useTranslation('account')
  const queryClient = useQueryClient()
  const sessions = useQuery(accountQueries.sessions())
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.account.sessions.key() })

  const revoke = useMutation(
    orpc.account.revokeSession.mutationOptions({
      meta: { errorToast: 'account:sessions.revokeFailed' },
      onSuccess: () => toast.success(t('sessions.revoked')),
      onSettled: refresh,
    }),
  )
  const revokeOthers = useMutation(
    orpc.account.revokeOtherSessions.mutationOptions({
      meta: { errorToast: 'account:sessions.revokeOthersFailed' },
      onSuccess: () => toast.success(t('sessions.revokedOthers')),
      onSettled: refresh,
    }),
  )

  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  const content: Record<QueryState, () => ReactNode> = {
    pending: () => (
      <p className="text-sm text-muted-foreground" role="status">
        {t('sessions.loading')}
      </p>
    ),
    error: () => (
      <div className="flex flex-wrap items-center gap-3" role="alert">
        <p className="text-sm">{t('sessions.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
          {t('sessions.retry')}
        </Button>
      </div>
    ),
    default: () => (
      <SessionList label={t('sessions.title')}>
        {sessions.data?.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            revoking={revoke.isPending && revoke.variables.id === session.id}
            onRevoke={() => revoke.mutate({ id: session.id })}
          />
        ))}
      </SessionList>
    ),
  }
  return (
    <SectionCard title={t('sessions.title')} description={t('sessions.description')}>
      {content[queryState(sessions)]()}
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" disabled={others === 0}>
              {t('sessions.revokeOthers')}
            </Button>
          }
          title={t('sessions.revokeOthersTitle')}
          description={t('sessions.revokeOthersDescription')}
          confirmLabel={t('sessions.revokeOthers')}
          variant="destructive"
          // A failure closes the confirmation too, as the list is refreshed.
          onConfirm={() => revokeOthers.mutateAsync().catch(() => undefined)}
        />
      </div>
    </SectionCard>
  )
}

function SessionItem({
  session,
  revoking,
  onRevoke,
}: {
  session: OwnSession
  revoking: boolean
  onRevoke: () => void
}) {
  const { t } = useTranslation('account')
  const date = useSessionDate()
  const deviceName = useDeviceName()
  return (
    <SessionRow
      testId="session"
      device={session.device}
      badges={session.current ? <Badge tone="primary">{t('sessions.current')}</Badge> : null}
      details={[
        [
          t('sessions.signedInAt', { date: date(session.createdAt) }),
          t('sessions.lastActiveAt', { date: date(session.updatedAt) }),
        ],
      ]}
      action={
        session.current ? null : (
          <Button
            variant="ghost"
            size="sm"
            loading={revoking}
            aria-label={t('sessions.revokeLabel', { device: deviceName(session.device) })}
            onClick={onRevoke}
          >
            {t('sessions.revoke')}
          </Button>
        )
      }
    />
  )
}
