import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { bookPermissions, bookQueries } from '@/features/book'
import { ManagerBookListPage } from '@/features/book/manager-book-list-page'
import { genreQueries } from '@/features/genre'
import { BOOK_LIST_DEFAULTS, bookListSearch } from '@/lib/search-params'

export const Route = createFileRoute('/manager/books/')({
  validateSearch: bookListSearch,
  // The defaults stay out of the URL: /manager/books, not ?searchTerm=&sort=title&order=asc
  search: { middlewares: [stripSearchParams(BOOK_LIST_DEFAULTS)] },
  // `pages` (2–10): 'Load more' used before hydration or without JavaScript; the server renders that many pages.
  loaderDeps: ({ search: { searchTerm, sort, order, genreId, pages } }) => ({
    searchTerm,
    sort,
    order,
    genreId,
    pages,
  }),
  // A prefetch, not an ensure: if the list fails, the page stays (search box included) and the
  // list shows 'Something went wrong' with Try again.
  loader: async ({ context, deps: { pages, ...input } }) => {
    const [, genre] = await Promise.all([
      context.queryClient.prefetchInfiniteQuery({ ...bookQueries.list(input), pages: pages ?? 1 }),
      input.genreId ? context.queryClient.fetchQuery(genreQueries.detail(input.genreId)).catch(() => null) : true,
    ])
    // A genre that is gone (a stale link): the list without the filter, rather than an empty list
    // whose filter field cannot show what it filters by.
    if (!genre) throw redirect({ to: '/manager/books', search: { ...input, genreId: undefined }, replace: true })
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
