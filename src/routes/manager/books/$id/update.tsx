import { createFileRoute } from '@tanstack/react-router'
import { loadBook } from '@/features/book/book-queries'
import { ManagerUpdateBookPage } from '@/features/book/manager-book-form-page'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/manager/books/$id/update')({
  loader: async ({ context, params }) => {
    await loadBook(context.queryClient, params.id)
  },
  head: pageHead('book:form.updateTitle'),
  component: function ManagerUpdateBook() {
    const { id } = Route.useParams()
    return <ManagerUpdateBookPage id={id} />
  },
})
