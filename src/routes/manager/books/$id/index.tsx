import { createFileRoute } from '@tanstack/react-router'
import { bookPermissions } from '@/features/book/book-permissions'
import { loadBook } from '@/features/book/book-queries'
import { ManagerBookPage } from '@/features/book/manager-book-page'
import { titledHead } from '@/features/shell/head'

export const Route = createFileRoute('/manager/books/$id/')({
  loader: ({ context, params }) => loadBook(context.queryClient, params.id),
  head: titledHead((book?: { title: string }) => book?.title, 'pages.books'),
  component: function ManagerBook() {
    const { id } = Route.useParams()
    const { user } = Route.useRouteContext()
    return <ManagerBookPage id={id} permissions={bookPermissions(user.role)} />
  },
})
