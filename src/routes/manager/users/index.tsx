import { createFileRoute, stripSearchParams } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { userQueries } from '@/features/user'
import { UsersPage } from '@/features/user/users-page'
import { USER_LIST_DEFAULTS, userListSearch } from '@/lib/search-params'

export const Route = createFileRoute('/manager/users/')({
  validateSearch: userListSearch,
  // The defaults stay out of the URL: /manager/users, not ?searchTerm=&sort=name&order=asc
  search: { middlewares: [stripSearchParams(USER_LIST_DEFAULTS)] },
  // `pages` (2–10): 'Load more' used before hydration or without JavaScript; the server renders that many pages.
  loaderDeps: ({ search: { searchTerm, sort, order, role, banned, pages } }) => ({
    searchTerm,
    sort,
    order,
    role,
    banned,
    pages,
  }),
  loader: ({ context, deps: { pages, ...input } }) =>
    context.queryClient.ensureInfiniteQueryData({ ...userQueries.list(input), pages: pages ?? 1 }),
  head: pageHead('user:pages.users'),
  component: function ManagerUsers() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <UsersPage
        search={search}
        onSearchChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next, pages: undefined }) })}
      />
    )
  },
})
