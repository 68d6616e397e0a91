import { createFileRoute } from '@tanstack/react-router'

import { namedHead } from '@/components/layout/head'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { loadBook } from '@/features/book'
import { ManagerUpdateBookPage } from '@/features/book/manager-book-form-page'

export const Route = createFileRoute('/manager/books/$id/update')({
  loader: ({ context, params }) => loadBook(context.queryClient, params.id),
  // An unknown id: the 404 screen inside the area's layout (this route's own boundary).
  notFoundComponent: NotFoundPage,
  head: namedHead('book:form.updateNamed', (book?: { title: string }) => book?.title, 'book:form.updateTitle'),
  component: function ManagerUpdateBook() {
    const { id } = Route.useParams()
    return <ManagerUpdateBookPage id={id} />
  },
})
