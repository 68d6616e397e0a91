import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { prefetchBookList } from '@/features/book'
import { AppBookListPage } from '@/features/book/app-book-pages'
import { genreQueries } from '@/features/genre'
import { BOOK_LIST_DEFAULTS, bookListDeps, bookListSearch } from '@/lib/search-params'

export const Route = createFileRoute('/app/books/')({
  // The manager's list params: the search, the sort, the genre filter.
  validateSearch: bookListSearch,
  // The defaults stay out of the URL: /app/books, not ?searchTerm=&sort=title&order=asc
  search: { middlewares: [stripSearchParams(BOOK_LIST_DEFAULTS)] },
  loaderDeps: bookListDeps,
  loader: async ({ context, deps }) => {
    const [found] = await Promise.all([
      prefetchBookList(context.queryClient, deps),
      // The genre menu's links (a failure leaves the menu with 'All genres' only).
      context.queryClient.prefetchQuery(genreQueries.menu()),
    ])
    if (!found) throw redirect({ to: '/app/books', search: { ...deps, genreId: undefined }, replace: true })
  },
  head: pageHead('pages.books'),
  component: function AppBooks() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <AppBookListPage
        search={search}
        onSearchTermChange={(searchTerm) =>
          void navigate({ search: (previous) => ({ ...previous, searchTerm, pages: undefined }) })
        }
      />
    )
  },
})
