import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { userQueries } from '@/features/user'
import { UsersPage } from '@/features/user/users-page'
import { listSearch } from '@/lib/search-params'

export const Route = createFileRoute('/manager/users/')({
  validateSearch: listSearch,
  // An empty search stays out of the URL: /manager/users, not ?searchTerm=
  search: { middlewares: [stripSearchParams({ searchTerm: '' })] },
  // `pages` (2–10): 'Load more' used before hydration or without JavaScript; the server renders that many pages.
  loaderDeps: ({ search }) => ({ searchTerm: search.searchTerm, pages: search.pages }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData({ ...userQueries.list(deps.searchTerm), pages: deps.pages ?? 1 }),
  head: pageHead('user:pages.users'),
  component: function ManagerUsers() {
    const { searchTerm } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <UsersPage searchTerm={searchTerm} onSearchChange={(term) => void navigate({ search: { searchTerm: term } })} />
    )
  },
})
