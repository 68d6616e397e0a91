import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BookOpen, type IconNode, KeyRound, Library, UserPlus, Users } from 'lucide'
import type { ReactNode } from 'react'

import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/page-header'
import { useTranslation } from '@/lib/i18n/react'

import { dashboardQueries } from './queries'
import { type DashboardSummary, type Figure, type FigureName, FIGURES } from './schema'

/** The query the dashboard shows; the route's loader prefetches it so SSR carries the figures. */

const ICONS: Record<FigureName, IconNode> = {
  books: BookOpen,
  genres: Library,
  users: Users,
  activeSessions: KeyRound,
  newUsersThisWeek: UserPlus,
}

/** /manager/dashboard: the live figures and the newest books, then the sections of other features (`children`). */
export function DashboardPage({ userName, children }: { userName: string; children?: ReactNode }) {
  const { data } = useSuspenseQuery(dashboardQueries.summary())
  return (
    <DashboardView summary={data} userName={userName}>
      {children}
    </DashboardView>
  )
}

export function DashboardView({
  summary,
  userName,
  children,
}: {
  summary: DashboardSummary
  userName: string
  children?: ReactNode
}) {
  const { t } = useTranslation(['dashboard', 'shell'])
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('shell:pages.dashboard')} description={t('shell:dashboard.welcome', { name: userName })} />
      <section aria-labelledby="dashboard-figures" className="flex flex-col gap-3">
        <h2 id="dashboard-figures" className="sr-only">
          {t('figures.title')}
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {FIGURES.map((name) => (
            <FigureCard key={name} name={name} figure={summary[name]} />
          ))}
        </dl>
      </section>
      <LatestBooks books={summary.latestBooks} />
      {children}
    </div>
  )
}

function FigureCard({ name, figure }: { name: FigureName; figure: Figure }) {
  const { t, i18n } = useTranslation('dashboard')
  const value = new Intl.NumberFormat(i18n.language).format(figure.value)
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 text-card-foreground">
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Icon node={ICONS[name]} className="size-4 shrink-0" />
        {t(`figures.${name}`)}
      </dt>
      <dd className="text-3xl font-semibold tabular-nums">{figure.exact ? value : t('figures.about', { value })}</dd>
      {name === 'newUsersThisWeek' ? (
        <dd className="text-xs text-muted-foreground">{t('figures.newUsersThisWeekHint')}</dd>
      ) : null}
    </div>
  )
}

function LatestBooks({ books }: { books: DashboardSummary['latestBooks'] }) {
  const { t } = useTranslation('dashboard')
  return (
    <section aria-labelledby="dashboard-latest-books" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="dashboard-latest-books" className="text-lg font-semibold">
          {t('latestBooks.title')}
        </h2>
        <Link to="/manager/books" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('latestBooks.all')}
        </Link>
      </div>
      {books.length === 0 ? (
        <p className="text-muted-foreground">{t('latestBooks.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {books.map((book) => (
            <li key={book.id}>
              <Link
                to="/manager/books/$id"
                params={{ id: book.id }}
                className="flex items-center gap-3 px-4 py-3 hover:bg-panel"
              >
                <span
                  aria-hidden
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: book.genre?.color ?? 'var(--color-border)' }}
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{book.title}</span>
                  <span className="truncate text-sm text-muted-foreground">
                    {t('latestBooks.by', { author: book.author })} · {book.genre?.name ?? t('latestBooks.noGenre')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
