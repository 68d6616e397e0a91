import { createFileRoute } from '@tanstack/react-router'

import { pageHead } from '@/components/layout/head'
import { ManagerNewBookPage } from '@/features/book/manager-book-form-page'

export const Route = createFileRoute('/manager/books/new')({
  head: pageHead('book:form.newTitle'),
  component: ManagerNewBookPage,
})
