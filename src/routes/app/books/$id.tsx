import { createFileRoute } from '@tanstack/react-router'

import { titledHead } from '@/components/layout/head'
import { NotFoundPage } from '@/components/layout/not-found-page'
import { loadBook } from '@/features/book'
import { AppBookPage } from '@/features/book/app-book-pages'

export const Route = createFileRoute('/app/books/$id')({
  loader: ({ context, params }) => loadBook(context.queryClient, params.id),
  // An unknown id: the 404 screen inside the area's layout (this route's own boundary).
  notFoundComponent: NotFoundPage,
  head: titledHead((book?: { title: string }) => book?.title, 'pages.books'),
  component: function AppBook() {
    const { id } = Route.useParams()
    return <AppBookPage id={id} />
  },
})
