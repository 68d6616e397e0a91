import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { SectionCard } from '@/components/ui/section-card'
import { SessionList, SessionRow, useDeviceName } from '@/components/ui/session-list'
import { toast } from '@/components/ui/toaster'
import { authClient, settleAuthCall } from '@/lib/auth/auth-client'
import { api, orpc } from '@/lib/orpc'
import { useFormatDate } from '@/lib/use-format-date'

import type { OwnSession } from './sessions'
import { useAccountError } from './use-account-error'

/**
 * The user's own sessions: device, signed-in and last-active times, this
 * device marked; sign out one other device, or all of them. Times go through
 * `useFormatDate`, which shows them in the browser's time zone once hydrated.
 */
export function SessionsCard() {
  const { t } = useTranslation('account')
  const queryClient = useQueryClient()
  const reportError = useAccountError()
  const sessions = useQuery(orpc.account.sessions.queryOptions())
  const refresh = () => queryClient.invalidateQueries({ queryKey: orpc.account.sessions.key() })

  const revoke = useMutation({
    mutationFn: (id: string) => api.account.revokeSession({ id }),
    onSuccess: () => toast.success(t('sessions.revoked')),
    onError: (error) => reportError(error, t('sessions.revokeFailed')),
    onSettled: refresh,
  })

  const revokeOthers = async () => {
    const { error } = await settleAuthCall(authClient.revokeOtherSessions())
    await refresh()
    if (error) return reportError(error, t('sessions.revokeOthersFailed'))
    toast.success(t('sessions.revokedOthers'))
  }

  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  return (
    <SectionCard title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('sessions.loading')}
        </p>
      ) : sessions.isError ? (
        <div className="flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm">{t('sessions.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
            {t('sessions.retry')}
          </Button>
        </div>
      ) : (
        <SessionList label={t('sessions.title')}>
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              revoking={revoke.isPending && revoke.variables === session.id}
              onRevoke={() => revoke.mutate(session.id)}
            />
          ))}
        </SessionList>
      )}
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
          onConfirm={revokeOthers}
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
  const date = useFormatDate()
  const deviceName = useDeviceName()
  return (
    <SessionRow
      testId="session"
      device={session.device}
      badges={session.current ? <Badge tone="primary">{t('sessions.current')}</Badge> : null}
      details={[t('sessions.times', { created: date(session.createdAt), active: date(session.updatedAt) })]}
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
