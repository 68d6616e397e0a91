import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useLocation } from '@tanstack/react-router'

import { BackLink } from '@/components/ui/back-link'
import { DataList } from '@/components/ui/data-list'
import { PageHeader } from '@/components/ui/page-header'
import { SearchInput } from '@/components/ui/search-input'
import { useTranslation } from '@/lib/i18n/react'
import { useInfiniteList } from '@/lib/use-infinite-list'

import { BookCover } from './book-cover'
import { BookDetails } from './book-details'
import { bookQueries } from './book-queries'

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-5'

/** Covers of the first row (two on a phone, up to five on a wide screen) load at once: the page's largest paint is among them. */
const EAGER_COVERS = 4

export interface AppBookListPageProps {
  searchTerm: string
  onSearchTermChange: (searchTerm: string) => void
}

/** /app/books (mobile first): search by title or author (bound to `searchTerm`), book cards with a drawn cover, load more. */
export function AppBookListPage({ searchTerm, onSearchTermChange }: AppBookListPageProps) {
  const { t } = useTranslation(['book', 'shell'])
  // The search form's action: this page (the form replaces its search params).
  const pathname = useLocation({ select: (location) => location.pathname })
  const list = useInfiniteList(bookQueries.list({ searchTerm }))
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('shell:pages.books')} />
      <SearchInput
        value={searchTerm}
        action={pathname}
        onValueChange={onSearchTermChange}
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        className="w-full sm:max-w-md"
      />
      <DataList
        list={list}
        searchTerm={searchTerm}
        pagedUrl
        empty={t('list.empty')}
        pending={
          <div className={GRID}>
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="aspect-[2/3] animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        }
      >
        {(books) => (
          <ul aria-label={t('list.title')} className={GRID}>
            {books.map((book, index) => (
              <li key={book.id}>
                <Link to="/app/books/$id" params={{ id: book.id }} className="group flex flex-col gap-2 rounded-md">
                  <BookCover
                    book={book}
                    eager={index < EAGER_COVERS}
                    className="transition-transform group-hover:[translate:0_calc(var(--spacing)*-0.5)]"
                  />
                  <span className="flex flex-col">
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
