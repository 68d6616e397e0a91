import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/features/shell/head'
import { NotFoundPage } from '@/features/shell/not-found-page'
import { loadUser, userQueries } from '@/features/user/queries'
import { UserDetailPage } from '@/features/user/user-detail-page'

export const Route = createFileRoute('/manager/users/$id/')({
  loader: async ({ context: { queryClient }, params }) => {
    await loadUser(queryClient, params.id)
    // The lists show their own error state if these fail.
    await Promise.all([
      queryClient.prefetchInfiniteQuery(userQueries.sessions(params.id)),
      queryClient.prefetchInfiniteQuery(userQueries.audit(params.id)),
    ])
  },
  // An unknown id: the 404 screen inside the manager's layout (this route's own boundary).
  notFoundComponent: NotFoundPage,
  head: pageHead('user:pages.detail'),
  component: function UserDetail() {
    const { id } = Route.useParams()
    const { user: me } = Route.useRouteContext()
    return <UserDetailPage key={id} id={id} me={me} />
  },
})
