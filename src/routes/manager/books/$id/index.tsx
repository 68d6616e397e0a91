import { createFileRoute } from '@tanstack/react-router'

import { titledHead } from '@/components/layout/head'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { bookPermissions, loadBook } from '@/features/book'
import { ManagerBookPage } from '@/features/book/manager-book-page'

export const Route = createFileRoute('/manager/books/$id/')({
  loader: ({ context, params }) => loadBook(context.queryClient, params.id),
  // An unknown id: the 404 screen inside the area's layout (this route's own boundary).
  notFoundComponent: NotFoundPage,
  head: titledHead((book?: { title: string }) => book?.title, 'pages.books'),
  component: function ManagerBook() {
    const { id } = Route.useParams()
    const { user } = Route.useRouteContext()
    return <ManagerBookPage id={id} permissions={bookPermissions(user.role)} />
  },
})
