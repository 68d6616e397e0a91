import { createFileRoute } from '@tanstack/react-router'

import { titledHead } from '@/components/layout/head'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { loadUser, userQueries, userTitle } from '@/features/user'
import { UserDetailPage } from '@/features/user/user-detail-page'

export const Route = createFileRoute('/manager/users/$id/')({
  loader: async ({ context: { queryClient }, params }) => {
    const user = await loadUser(queryClient, params.id)
    // The lists show their own error state if these fail.
    await Promise.all([
      queryClient.prefetchInfiniteQuery(userQueries.sessions(params.id)),
      queryClient.prefetchInfiniteQuery(userQueries.audit(params.id)),
    ])
    return user
  },
  // An unknown id: the 404 screen inside the manager's layout (this route's own boundary).
  notFoundComponent: NotFoundPage,
  // The tab names the user: five open users are five tabs told apart.
  head: titledHead(userTitle, 'user:pages.detail'),
  component: function UserDetail() {
    const { id } = Route.useParams()
    const { user: me } = Route.useRouteContext()
    return <UserDetailPage key={id} id={id} me={me} />
  },
})
