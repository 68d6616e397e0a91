import { createFileRoute } from '@tanstack/react-router'

import { titledHead } from '@/components/layout/head'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { loadUser, userQueries } from '@/features/user'
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
  // The tab names the user: five open users are five tabs told apart. Written here: what `head`
  // refers to loads with every page (a feature's queries would bring the API client, ~12 KB).
  head: titledHead((user?: { name: string; email: string }) => user?.name || user?.email, 'user:pages.detail'),
  component: function UserDetail() {
    const { id } = Route.useParams()
    const { user: me } = Route.useRouteContext()
    return <UserDetailPage key={id} id={id} me={me} />
  },
})
