import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { bookPermissions, prefetchBookList } from '@/features/book'
import { ManagerBookListPage } from '@/features/book/manager-book-list-page'
import { BOOK_LIST_DEFAULTS, bookListDeps, bookListSearch } from '@/lib/search-params'

export const Route = createFileRoute('/manager/books/')({
  validateSearch: bookListSearch,
  // The defaults stay out of the URL: /manager/books, not ?searchTerm=&sort=title&order=asc
  search: { middlewares: [stripSearchParams(BOOK_LIST_DEFAULTS)] },
  loaderDeps: bookListDeps,
  loader: async ({ context, deps }) => {
    if (!(await prefetchBookList(context.queryClient, deps)))
      throw redirect({ to: '/manager/books', search: { ...deps, genreId: undefined }, replace: true })
  },
  head: pageHead('pages.books'),
  component: function ManagerBooks() {
    const search = Route.useSearch()
    const { user } = Route.useRouteContext()
    const navigate = Route.useNavigate()
    return (
      <ManagerBookListPage
        search={search}
        onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next, pages: undefined }) })}
        permissions={bookPermissions(user.role)}
      />
    )
  },
})
