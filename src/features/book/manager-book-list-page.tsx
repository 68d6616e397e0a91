import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { ChevronRight, Plus } from 'lucide'

import { buttonVariants } from '@/components/ui/button'
import { DataList } from '@/components/ui/data-list'
import { Icon } from '@/components/ui/icon'
import { ListTable, PlainHeader } from '@/components/ui/list-table'
import { PageHeader } from '@/components/ui/page-header'
import { ScriptFieldset } from '@/components/ui/script-fieldset'
import { SearchInput } from '@/components/ui/search-input'
import { SortableHeader } from '@/components/ui/sortable-header'
import { genreQueries } from '@/features/genre'
import { useTranslation } from '@/lib/i18n/react'
import type { BookListSearch } from '@/lib/search-params'
import { useInfiniteList } from '@/lib/use-infinite-list'

import type { BookPermissions } from './book-permissions'
import { bookQueries } from './book-queries'
import { GenreBadge } from './genre-badge'
import { GenrePicker } from './genre-picker'

export interface ManagerBookListPageProps {
  /** The page's search params: the search, the sort, the genre filter. */
  search: BookListSearch
  /** A new search term or genre (the page starts again at the first page). */
  onSearchChange: (next: { searchTerm?: string; genreId?: string }) => void
  permissions: BookPermissions
}

/** /manager/books: search (bound to `searchTerm`), a genre filter, the list sorted by its headers, load more, counters. */
export function ManagerBookListPage({ search, onSearchChange, permissions }: ManagerBookListPageProps) {
  const { t } = useTranslation(['book', 'shell'])
  // The search form's action: this page (the form replaces its search params).
  const pathname = useLocation({ select: (location) => location.pathname })
  const { searchTerm, sort, order, genreId } = search
  const list = useInfiniteList(bookQueries.list({ searchTerm, sort, order, genreId }))
  const queryClient = useQueryClient()
  // The genre of the URL, for the filter's field (its loader read it).
  const genre = useQuery({ ...genreQueries.detail(genreId ?? ''), enabled: !!genreId }).data
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          value={searchTerm}
          action={pathname}
          onValueChange={(term) => onSearchChange({ searchTerm: term })}
          label={t('list.searchLabel')}
          showLabel
          params={{ sort, order, genreId }}
          placeholder={t('list.searchPlaceholder')}
          className="max-w-md sm:flex-1"
        />
        {/* The picker searches the genres with its script: not usable before it runs. */}
        <ScriptFieldset>
          <GenrePicker
            label={t('fields.genre')}
            value={genreId ? (genre ?? null) : null}
            onChange={(chosen) => {
              if (chosen) queryClient.setQueryData(genreQueries.detail(chosen.id).queryKey, chosen)
              onSearchChange({ genreId: chosen?.id })
            }}
            noneLabel={t('list.allGenres')}
            placeholder={t('list.allGenres')}
          />
        </ScriptFieldset>
      </div>
      <DataList
        list={list}
        searchTerm={searchTerm}
        pagedUrl
        listParams={{ sort, order, genreId }}
        empty={t('list.empty')}
      >
        {(books) => (
          <ListTable
            label={t('list.title')}
            headers={
              <>
                <SortableHeader column="title" label={t('fields.title')} current={search} className="w-[45%]" />
                <SortableHeader column="author" label={t('fields.author')} current={search} className="w-[30%]" />
                <PlainHeader label={t('fields.genre')} />
              </>
            }
          >
            {books.map((book) => (
              // The title's link covers the row (its ::after): the whole row opens the book.
              <tr key={book.id} className="relative hover:bg-panel">
                <td className="px-4 py-3">
                  <Link
                    to="/manager/books/$id"
                    params={{ id: book.id }}
                    className="block truncate font-medium after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-primary"
                  >
                    {book.title}
                  </Link>
                </td>
                <td className="truncate px-4 py-3 text-sm text-muted-foreground">{book.author}</td>
                <td className="px-4 py-3">
                  <span className="flex items-center justify-between gap-2">
                    <span className="min-w-0 truncate">{book.genre ? <GenreBadge genre={book.genre} /> : null}</span>
                    <Icon node={ChevronRight} className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100" />
                  </span>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </DataList>
    </div>
  )
}
