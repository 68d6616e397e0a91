import { createFileRoute } from '@tanstack/react-router'
import { AppBookPage } from '@/features/book/app-book-pages'
import { loadBook } from '@/features/book/book-queries'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/app/books/$id')({
  loader: async ({ context, params }) => {
    await loadBook(context.queryClient, params.id)
  },
  head: pageHead('pages.books'),
  component: function AppBook() {
    const { id } = Route.useParams()
    return <AppBookPage id={id} />
  },
})
