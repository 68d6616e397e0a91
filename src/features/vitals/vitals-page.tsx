import { useSuspenseQuery } from '@tanstack/react-query'
import { CircleAlert, CircleCheck, CircleX, type IconNode } from 'lucide'

import { Badge } from '@/components/ui/badge'
import { Icon } from '@/components/ui/icon'
import { ListTable, PlainHeader } from '@/components/ui/list-table'
import { useTranslation } from '@/lib/i18n/react'

import { vitalsQueries } from './queries'
import { type Rating, rating, type VitalName, type VitalRow, VITALS, VITALS_HOURS } from './schema'

/** Each rating's tone and icon; its translated label is always written beside them (never colour alone). */
const RATING_LOOK: Record<Rating, { tone: 'success' | 'warning' | 'danger'; icon: IconNode }> = {
  good: { tone: 'success', icon: CircleCheck },
  'needs-improvement': { tone: 'warning', icon: CircleAlert },
  poor: { tone: 'danger', icon: CircleX },
}

/** The dashboard's Core Web Vitals (a section of its page, code-split with it): the p75 of each route's metrics over the last 24 hours. */
export function VitalsSection() {
  const { data } = useSuspenseQuery(vitalsQueries.summary())
  return <VitalsTable rows={data.rows} />
}

function VitalsTable({ rows }: { rows: VitalRow[] }) {
  const { t } = useTranslation('dashboard')
  const routes = new Map<string, Partial<Record<VitalName, VitalRow>>>()
  for (const row of rows) routes.set(row.route, { ...routes.get(row.route), [row.metric]: row })
  return (
    <section aria-labelledby="dashboard-vitals" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="dashboard-vitals" className="text-lg font-semibold">
          {t('vitals.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('vitals.description', { hours: VITALS_HOURS })}</p>
      </div>
      {routes.size === 0 ? (
        <p className="text-muted-foreground">{t('vitals.empty', { hours: VITALS_HOURS })}</p>
      ) : (
        <ListTable
          label={t('vitals.title')}
          layout="auto"
          headers={
            <>
              <PlainHeader label={t('vitals.page')} />
              {VITALS.map((name) => (
                <PlainHeader key={name} label={t(`vitals.metrics.${name}`)} />
              ))}
            </>
          }
        >
          {[...routes].map(([route, metrics]) => (
            <tr key={route} data-testid="vitals-route">
              <th scope="row" className="px-4 py-2 text-start font-normal">
                <code dir="ltr">{route}</code>
              </th>
              {VITALS.map((name) => (
                <td key={name} className="px-4 py-2">
                  <VitalCell name={name} row={metrics[name]} />
                </td>
              ))}
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  )
}

function VitalCell({ name, row }: { name: VitalName; row: VitalRow | undefined }) {
  const { t, i18n } = useTranslation('dashboard')
  if (!row) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">{t('vitals.none')}</span>
      </span>
    )
  }
  const look = RATING_LOOK[rating(name, row.p75)]
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-medium tabular-nums">{formatVital(name, row.p75, i18n.language)}</span>
      <Badge tone={look.tone}>
        <Icon node={look.icon} className="size-3.5" />
        {t(`vitals.ratings.${rating(name, row.p75)}`)}
      </Badge>
      <span className="text-xs text-muted-foreground">
        {t('vitals.samples', { value: new Intl.NumberFormat(i18n.language).format(row.samples) })}
      </span>
    </span>
  )
}

/** LCP and INP in the language's milliseconds or seconds, CLS as the plain number it is. */
function formatVital(name: VitalName, value: number, language: string) {
  if (name === 'CLS') return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value)
  return value >= 1000
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }).format(value / 1000)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 }).format(value)
}
