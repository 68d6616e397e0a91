import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { bookQueries } from '@/features/book'
import { AppBookListPage } from '@/features/book/app-book-pages'
import { listSearch } from '@/lib/search-params'

export const Route = createFileRoute('/app/books/')({
  validateSearch: listSearch,
  search: { middlewares: [stripSearchParams({ searchTerm: '' })] },
  // `pages` (2–10): 'Load more' used before hydration or without JavaScript; the server renders that many pages.
  loaderDeps: ({ search }) => ({ searchTerm: search.searchTerm, pages: search.pages }),
  // A prefetch, not an ensure: if the list fails, the page stays (search box included) and the
  // list shows 'Something went wrong' with Try again.
  loader: async ({ context, deps }) => {
    await context.queryClient.prefetchInfiniteQuery({
      ...bookQueries.list({ searchTerm: deps.searchTerm }),
      pages: deps.pages ?? 1,
    })
  },
  head: pageHead('pages.books'),
  component: function AppBooks() {
    const { searchTerm } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <AppBookListPage
        searchTerm={searchTerm}
        onSearchTermChange={(next) => void navigate({ search: { searchTerm: next } })}
      />
    )
  },
})
