import { createFileRoute } from '@tanstack/react-router'
import { AppBookPage } from '@/features/book/app-book-pages'
import { loadBook } from '@/features/book/book-queries'
import { titledHead } from '@/features/shell/head'

export const Route = createFileRoute('/app/books/$id')({
  loader: ({ context, params }) => loadBook(context.queryClient, params.id),
  head: titledHead((book?: { title: string }) => book?.title, 'pages.books'),
  component: function AppBook() {
    const { id } = Route.useParams()
    return <AppBookPage id={id} />
  },
})
