import { createFileRoute } from '@tanstack/react-router'
import { AppBookListPage } from '@/features/book/app-book-pages'
import { bookListOptions } from '@/features/book/book-queries'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/app/books/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureInfiniteQueryData(bookListOptions())
  },
  head: pageHead('pages.books'),
  component: AppBookListPage,
})
