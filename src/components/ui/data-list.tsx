import { Loader2 } from 'lucide'
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react'

import { useTranslation } from '@/lib/i18n/react'
import { LIST_PAGES_MAX, listPageQuery, type ListParams } from '@/lib/search-params'

import { Button, buttonVariants } from './button'
import { cn } from './cn'
import { ErrorState } from './error-state'
import { Icon } from './icon'
import { useHydrated } from './use-hydrated'

/** What a list shows, decided in one place (see `listState`). */
export type ListState = 'pending' | 'error' | 'empty' | 'empty-search' | 'default'

/** The part of a paged list (`useInfiniteList`) that `DataList` reads. */
export interface DataListSource<Item> {
  items: Item[]
  /** How many pages are loaded (for the 'Load more' link's `?pages=`). */
  pageCount: number
  total: number | null
  /** `total` is a lower bound: the search has more matches than were counted. */
  totalCapped?: boolean
  isPending: boolean
  isError: boolean
  isNextPageError: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => void
  retry: () => void
}

/** The list's state: loading, failed (nothing to show), nothing at all, nothing for the search, or items. */
export function listState(
  list: Pick<DataListSource<unknown>, 'items' | 'isPending' | 'isError' | 'isNextPageError'>,
  searchTerm = '',
): ListState {
  if (list.isPending) return 'pending'
  if (list.isError && !list.isNextPageError) return 'error'
  if (list.items.length > 0) return 'default'
  return searchTerm.trim() ? 'empty-search' : 'empty'
}

export interface DataListProps<Item> {
  list: DataListSource<Item>
  /** The active search, for the empty-search state and the 'N results for term' counter. */
  searchTerm?: string
  /** The items (default state), e.g. a `<ul>` of rows or cards, or a `<table>`. */
  children: (items: Item[]) => ReactNode
  /** Shown when there is nothing at all (e.g. 'No books yet' and a create link). */
  empty: ReactNode
  /** Shown when the search matches nothing; defaults to 'No results for “term”'. */
  emptySearch?: ReactNode
  /** Placeholder rows while the first page loads; defaults to grey bars. */
  pending?: ReactNode
  /** Hide the 'showing X of Y' counter (the results counter still shows for a search). */
  hideCounters?: boolean
  /**
   * The list is its page's `?searchTerm=&pages=` list (`listSearch`, whose
   * loader prefetches that many pages): 'Load more' is then a link to this
   * page with one more page, which works before the script runs and without
   * one. Otherwise it is a button, disabled until the page has hydrated.
   */
  pagedUrl?: boolean
  /** The page's other search params (a sort, filters), kept by the 'Load more' link. */
  listParams?: ListParams
  className?: string
}

/**
 * A paged list with its exhaustive states (pending, error with retry, empty,
 * empty search, default), the 'showing X of Y' and 'N results for term'
 * counters and a load-more button. Knows nothing of what the items are.
 */
export function DataList<Item>({
  list,
  searchTerm = '',
  children,
  empty,
  emptySearch,
  pending,
  hideCounters,
  pagedUrl,
  listParams,
  className,
}: DataListProps<Item>) {
  const { t } = useTranslation('ui')
  const term = searchTerm.trim()
  const state = listState(list, term)
  const rows = useRef<HTMLDivElement>(null)
  // Load more moves the keyboard focus to the first new row (issue 27): the count before the click.
  const focusFrom = useRef<number | null>(null)
  const shown = list.items.length
  useEffect(() => {
    const from = focusFrom.current
    if (from === null || list.isFetchingNextPage) return
    focusFrom.current = null
    if (shown <= from) return
    // The list's own rows (a row may hold a list of its own): a list's items, a table's body rows.
    const container = rows.current?.firstElementChild
    const row = (container instanceof HTMLTableElement ? container.tBodies[0] : container)?.children[from]
    if (!(row instanceof HTMLElement)) return
    // A row with nothing to act on (an audit entry) takes the focus itself.
    const target = row.querySelector<HTMLElement>('a[href], button:enabled, input, [tabindex]') ?? row
    if (target === row) row.tabIndex = -1
    target.focus()
  }, [shown, list.isFetchingNextPage])

  const loadMore = () => {
    if (list.isFetchingNextPage) return
    focusFrom.current = shown
    list.fetchNextPage()
  }

  const content: Record<ListState, () => ReactNode> = {
    pending: () => (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          {t('list.loading')}
        </span>
        {pending ?? <ListSkeleton />}
      </div>
    ),
    error: () => <ErrorState message={t('list.error')} onRetry={list.retry} />,
    empty: () => <ListMessage>{empty}</ListMessage>,
    'empty-search': () => <ListMessage>{emptySearch ?? t('list.emptySearch', { term })}</ListMessage>,
    default: () => (
      <>
        <div ref={rows} className="contents">
          {children(list.items)}
        </div>
        {list.isNextPageError ? <ErrorState message={t('list.nextPageError')} onRetry={list.retry} /> : null}
        {list.hasNextPage && !list.isNextPageError ? (
          <div className="flex justify-center">
            {pagedUrl ? (
              <LoadMoreLink
                href={listPageQuery(term, list.pageCount + 1, listParams)}
                atCap={list.pageCount >= LIST_PAGES_MAX}
                loading={list.isFetchingNextPage}
                onLoad={loadMore}
              >
                {t('list.loadMore')}
              </LoadMoreLink>
            ) : (
              <Button variant="secondary" onClick={loadMore} loading={list.isFetchingNextPage}>
                {t('list.loadMore')}
              </Button>
            )}
          </div>
        ) : null}
      </>
    ),
  }

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <ListCounters
        state={state}
        shown={list.items.length}
        total={list.total}
        totalCapped={list.totalCapped}
        searchTerm={term}
        hideShowing={hideCounters}
      />
      {content[state]()}
    </div>
  )
}

/**
 * 'Load more' as a link to the same page with one more page (`?pages=N+1`,
 * which the server renders): it works before the page hydrates and without
 * JavaScript. Once hydrated, a click loads the next page in place instead (a
 * modified click still opens the link). Past the server's cap of pages it
 * has no address until the page has hydrated: it is not painted as usable.
 */
function LoadMoreLink({
  href,
  atCap,
  loading,
  onLoad,
  children,
}: {
  href: string
  atCap: boolean
  loading: boolean
  onLoad: () => void
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const usable = hydrated || !atCap
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onLoad()
  }
  return (
    <a
      href={usable ? href : undefined}
      onClick={onClick}
      aria-disabled={!usable || loading || undefined}
      aria-busy={loading || undefined}
      className={cn(buttonVariants({ variant: 'secondary' }), (!usable || loading) && 'pointer-events-none opacity-60')}
    >
      {loading ? <Icon node={Loader2} data-testid="button-spinner" className="size-4 animate-spin" /> : null}
      {children}
    </a>
  )
}

/**
 * 'N results for term' while searching, 'Showing X of Y' once items show;
 * a capped total reads '1,000+' ('Showing 20 of 1,000+'). Announced politely.
 */
function ListCounters({
  state,
  shown,
  total,
  totalCapped = false,
  searchTerm,
  hideShowing,
}: {
  state: ListState
  shown: number
  total: number | null
  totalCapped?: boolean
  searchTerm: string
  hideShowing?: boolean
}) {
  const { t } = useTranslation('ui')
  const ready = state === 'default' || state === 'empty-search'
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-5 flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground"
    >
      {ready && searchTerm && total !== null ? (
        <span data-testid="list-results">
          {t(totalCapped ? 'list.resultsCapped' : 'list.results', { count: total, term: searchTerm })}
        </span>
      ) : null}
      {state === 'default' && !hideShowing && total !== null ? (
        <span data-testid="list-showing" className="ms-auto">
          {t(totalCapped ? 'list.showingCapped' : 'list.showing', { count: shown, total })}
        </span>
      ) : null}
    </div>
  )
}

function ListMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
      {children}
    </div>
  )
}

function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-14 animate-pulse rounded-lg bg-muted" />
      ))}
    </>
  )
}
