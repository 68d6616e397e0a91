import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { namedHead } from '@/components/layout/head'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { loadUser, userQueries } from '@/features/user'
import { UserFormPage } from '@/features/user/user-form-page'

export const Route = createFileRoute('/manager/users/$id/update')({
  loader: ({ context, params }) => loadUser(context.queryClient, params.id),
  // An unknown id: the 404 screen inside the manager's layout (this route's own boundary).
  notFoundComponent: NotFoundPage,
  head: namedHead(
    'user:pages.updateNamed',
    (user?: { name: string; email: string }) => user?.name || user?.email,
    'user:pages.update',
  ),
  component: function UpdateUser() {
    const { id } = Route.useParams()
    const { user: me } = Route.useRouteContext()
    const { data: user } = useSuspenseQuery(userQueries.detail(id))
    return <UserFormPage key={user.id} user={user} isSelf={user.id === me.id} />
  },
})
