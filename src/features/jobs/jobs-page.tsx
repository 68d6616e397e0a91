import { useSuspenseQuery } from '@tanstack/react-query'

import { useAdminAction } from '@/components/layout/use-admin-action'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ListTable, PlainHeader } from '@/components/ui/list-table'
import { PageHeader } from '@/components/ui/page-header'
import { useTranslation } from '@/lib/i18n/react'
import { JOB_STATES } from '@/lib/jobs'
import { orpc } from '@/lib/orpc'
import { useFormatDate } from '@/lib/use-format-date'

import { jobsQueries } from './queries'
import { scheduleWords } from './schedule'
import type { JobFailure, JobsOverview } from './schema'

/** /manager/jobs: every queue with its jobs counted by state, and the latest failures to retry or cancel. */
export function JobsPage() {
  const { data } = useSuspenseQuery(jobsQueries.overview())
  return <JobsView overview={data} />
}

function JobsView({ overview }: { overview: JobsOverview }) {
  const { t, i18n } = useTranslation(['jobs', 'shell'])
  const scheduleOf = (cron: string) => {
    const { key, values } = scheduleWords(cron, i18n.language)
    return key ? t(key, values) : cron
  }
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('shell:pages.jobs')} description={t('description')} />
      <section aria-labelledby="jobs-queues" className="flex flex-col gap-3">
        <h2 id="jobs-queues" className="text-lg font-semibold">
          {t('queues.title')}
        </h2>
        <ListTable
          label={t('queues.title')}
          layout="auto"
          headers={
            <>
              <PlainHeader label={t('queues.queue')} />
              <PlainHeader label={t('queues.schedule')} />
              {JOB_STATES.map((state) => (
                <PlainHeader key={state} label={t(`states.${state}`)} className="text-end" />
              ))}
            </>
          }
        >
          {overview.queues.map((queue) => (
            <tr key={queue.name} data-testid="job-queue">
              <th scope="row" className="px-4 py-2 text-start font-normal">
                <span className="block font-medium">{t(`names.${queue.name}`)}</span>
                <code className="text-xs text-muted-foreground">{queue.name}</code>
              </th>
              <td className="px-4 py-2">
                {queue.schedule ? (
                  <>
                    <span className="block">{scheduleOf(queue.schedule)}</span>
                    <code className="text-xs text-muted-foreground">{queue.schedule}</code>
                  </>
                ) : (
                  t('queues.onDemand')
                )}
              </td>
              {JOB_STATES.map((state) => (
                <td key={state} className="px-4 py-2 text-end tabular-nums">
                  {queue.counts[state]}
                </td>
              ))}
            </tr>
          ))}
        </ListTable>
      </section>
      <section aria-labelledby="jobs-failures" className="flex flex-col gap-3">
        <h2 id="jobs-failures" className="text-lg font-semibold">
          {t('failures.title')}
        </h2>
        {overview.failures.length === 0 ? (
          <p className="text-muted-foreground">{t('failures.empty')}</p>
        ) : (
          <ul aria-labelledby="jobs-failures" className="divide-y divide-border rounded-lg border border-border">
            {overview.failures.map((failure) => (
              <FailureRow key={failure.id} failure={failure} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function FailureRow({ failure }: { failure: JobFailure }) {
  const { t } = useTranslation('jobs')
  const date = useFormatDate()
  const retry = useAdminAction(orpc.jobs.retry.mutationOptions(), {
    successToast: 'jobs:toasts.retried',
    errorToast: 'jobs:toasts.retryFailed',
    refresh: orpc.jobs.key(),
  })
  const cancel = useAdminAction(orpc.jobs.cancel.mutationOptions(), {
    successToast: 'jobs:toasts.cancelled',
    errorToast: 'jobs:toasts.cancelFailed',
    refresh: orpc.jobs.key(),
  })
  const job = { queue: failure.queue, id: failure.id }
  return (
    <li data-testid="job-failure" className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{t(`names.${failure.queue}`)}</span>
          <Badge tone={failure.state === 'failed' ? 'danger' : 'warning'}>{t(`states.${failure.state}`)}</Badge>
        </span>
        <span className="text-sm break-words">{failure.error || t('failures.noMessage')}</span>
        <span className="text-xs text-muted-foreground">
          {t('failures.when', { date: date(failure.failedAt), retries: failure.retryCount })}
        </span>
      </div>
      {failure.state === 'failed' ? (
        <Button size="sm" variant="secondary" loading={retry.isPending} onClick={() => retry.mutate(job)}>
          {t('failures.retry')}
        </Button>
      ) : (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              {t('failures.cancel')}
            </Button>
          }
          title={t('failures.cancelTitle')}
          description={t('failures.cancelDescription')}
          confirmLabel={t('failures.cancel')}
          variant="destructive"
          onConfirm={() => cancel.mutateAsync(job)}
        />
      )}
    </li>
  )
}
