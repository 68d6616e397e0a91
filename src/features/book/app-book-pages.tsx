import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'
import { ArrowDownUp, Tags } from 'lucide'

import { BackLink } from '@/components/ui/back-link'
import { DataList } from '@/components/ui/data-list'
import { LinkMenu } from '@/components/ui/link-menu'
import { PageHeader } from '@/components/ui/page-header'
import { SearchInput } from '@/components/ui/search-input'
import { genreQueries } from '@/features/genre'
import { useTranslation } from '@/lib/i18n/react'
import { BOOK_SORTS, type BookListSearch, SORT_ORDERS } from '@/lib/search-params'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { BookCover } from './book-cover'
import { BookDetails } from './book-details'
import { bookQueries } from './book-queries'
import { GenreName } from './genre-badge'

/** A phone: a list, a small cover beside each title. Wider: a grid of covers. */
const LIST = 'grid divide-y divide-border sm:grid-cols-3 sm:gap-x-4 sm:gap-y-6 sm:divide-y-0 lg:grid-cols-5'

/** Covers of the first screen (six rows on a phone, the first row of a wide screen) load at once: the page's largest paint is among them. */
const EAGER_COVERS = 6

const SORTS = BOOK_SORTS.flatMap((sort) => SORT_ORDERS.map((order) => ({ sort, order })))

export interface AppBookListPageProps {
  /** The page's search params: the search, the sort, the genre filter. */
  search: BookListSearch
  onSearchTermChange: (searchTerm: string) => void
}

/**
 * /app/books (mobile first): search by title or author (bound to `searchTerm`), a genre and a sort
 * (menus of links: in the URL, without script too), the books with a drawn cover, load more.
 */
export function AppBookListPage({ search, onSearchTermChange }: AppBookListPageProps) {
  const { t } = useTranslation(['book', 'shell'])
  // The search form's action: this page (the form replaces its search params).
  const pathname = useLocation({ select: (location) => location.pathname })
  const { searchTerm, sort, order, genreId } = search
  const list = useInfiniteList(bookQueries.list({ searchTerm, sort, order, genreId }))
  // The genre of the URL, for the menu's button (the loader read it), and the menu's genres.
  const genre = useQuery({ ...genreQueries.detail(genreId ?? ''), enabled: !!genreId }).data
  const genres = useQuery(genreQueries.menu()).data?.items ?? []
  return (
    // Tighter on a phone: six books or more on the first screen, in Arabic's larger type too.
    <div className="flex flex-col gap-3 sm:gap-4">
      <PageHeader title={t('shell:pages.books')} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          value={searchTerm}
          action={pathname}
          params={{ sort, order, genreId }}
          onValueChange={onSearchTermChange}
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          className="w-full sm:max-w-md"
        />
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <LinkMenu
            label={t('fields.genre')}
            icon={Tags}
            value={
              genre ? (
                <span className="flex items-center gap-2">
                  <GenreName genre={genre} />
                </span>
              ) : (
                t('list.allGenres')
              )
            }
            items={[
              { key: '', label: t('list.allGenres'), search: { genreId: undefined }, current: !genreId },
              ...genres.map((item) => ({
                key: item.id,
                label: <GenreName genre={item} />,
                search: { genreId: item.id },
                current: item.id === genreId,
              })),
            ]}
            className="sm:w-48"
          />
          <LinkMenu
            label={t('list.sortLabel')}
            icon={ArrowDownUp}
            value={t(`list.sorts.${sort}_${order}`)}
            items={SORTS.map((choice) => ({
              key: `${choice.sort}_${choice.order}`,
              label: t(`list.sorts.${choice.sort}_${choice.order}`),
              search: choice,
              current: choice.sort === sort && choice.order === order,
            }))}
            align="end"
            className="sm:w-48"
          />
        </div>
      </div>
      <DataList
        list={list}
        searchTerm={searchTerm}
        pagedUrl
        listParams={{ sort, order, genreId }}
        empty={t('list.empty')}
        className="gap-2 sm:gap-4"
        pending={
          <div className={LIST}>
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="flex gap-3 py-1.5 sm:py-0">
                <div className="aspect-[2/3] w-8 animate-pulse rounded-md bg-muted sm:w-full" />
              </div>
            ))}
          </div>
        }
      >
        {(books) => (
          <ul aria-label={t('list.title')} className={LIST}>
            {books.map((book, index) => (
              <li key={book.id}>
                <Link
                  to="/app/books/$id"
                  params={{ id: book.id }}
                  className="group flex gap-3 rounded-md py-1.5 sm:flex-col sm:gap-2 sm:py-0"
                >
                  <BookCover
                    book={book}
                    eager={index < EAGER_COVERS}
                    thumbnailOnPhone
                    className="w-8 shrink-0 transition-transform group-hover:[translate:0_calc(var(--spacing)*-0.5)] sm:w-full"
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="line-clamp-2 text-sm font-medium">{book.title}</span>
                    <span className="truncate text-xs text-muted-foreground">{book.author}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DataList>
    </div>
  )
}

/** /app/books/{id}: the cover and the book's details. */
export function AppBookPage({ id }: { id: string }) {
  const { t } = useTranslation('book')
  const { data: book } = useSuspenseQuery(bookQueries.detail(id))
  return (
    <article className="flex flex-col gap-6">
      <BackLink to="/app/books">{t('detail.back')}</BackLink>
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <BookCover book={book} displayWidth={192} eager className="w-40 shrink-0 sm:w-48" />
        <div className="flex w-full min-w-0 flex-col gap-4">
          <PageHeader title={book.title} description={t('detail.by', { author: book.author })} />
          <BookDetails book={book} />
        </div>
      </div>
    </article>
  )
}
