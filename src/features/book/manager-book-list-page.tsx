import { Link, useLocation } from '@tanstack/react-router'
import { ChevronRight, Plus } from 'lucide'

import { buttonVariants } from '@/components/ui/button'
import { DataList } from '@/components/ui/data-list'
import { Icon } from '@/components/ui/icon'
import { PageHeader } from '@/components/ui/page-header'
import { SearchInput } from '@/components/ui/search-input'
import { useTranslation } from '@/lib/i18n/react'
import { useInfiniteList } from '@/lib/use-infinite-list'

import type { BookPermissions } from './book-permissions'
import { bookQueries } from './book-queries'
import { GenreBadge } from './genre-badge'

export interface ManagerBookListPageProps {
  searchTerm: string
  onSearchTermChange: (searchTerm: string) => void
  permissions: BookPermissions
}

/** /manager/books: search (bound to `searchTerm`), the list with genres, load more, counters. */
export function ManagerBookListPage({ searchTerm, onSearchTermChange, permissions }: ManagerBookListPageProps) {
  const { t } = useTranslation(['book', 'shell'])
  // The search form's action: this page (the form replaces its search params).
  const pathname = useLocation({ select: (location) => location.pathname })
  const list = useInfiniteList(bookQueries.list(searchTerm))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('shell:pages.books')}
        actions={
          permissions.create ? (
            <Link to="/manager/books/new" className={buttonVariants()}>
              <Icon node={Plus} className="size-4" />
              {t('list.create')}
            </Link>
          ) : null
        }
      />
      <SearchInput
        value={searchTerm}
        action={pathname}
        onValueChange={onSearchTermChange}
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        className="max-w-md"
      />
      <DataList list={list} searchTerm={searchTerm} pagedUrl empty={t('list.empty')}>
        {(books) => (
          <ul
            aria-label={t('list.title')}
            className="divide-y divide-border overflow-hidden rounded-lg border border-border"
          >
            {books.map((book) => (
              <li key={book.id}>
                <Link
                  to="/manager/books/$id"
                  params={{ id: book.id }}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-panel focus-visible:-outline-offset-2"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
                    <span className="truncate font-medium sm:w-2/5">{book.title}</span>
                    <span className="truncate text-sm text-muted-foreground sm:w-1/4">{book.author}</span>
                    <span className="sm:flex-1">{book.genre ? <GenreBadge genre={book.genre} /> : null}</span>
                  </span>
                  <Icon node={ChevronRight} className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DataList>
    </div>
  )
}
