import { createFileRoute } from '@tanstack/react-router'

import { ManagerNewBookPage } from '@/features/book/manager-book-form-page'
import { pageHead } from '@/features/shell/head'

export const Route = createFileRoute('/manager/books/new')({
  head: pageHead('book:form.newTitle'),
  component: ManagerNewBookPage,
})
