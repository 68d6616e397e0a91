import { useSuspenseQuery } from '@tanstack/react-query'

import { PageHeader } from '@/components/ui/page-header'
import { useTranslation } from '@/lib/i18n/react'

import { BookForm } from './book-form'
import { bookQueries } from './book-queries'

/** /manager/books/new */
export function ManagerNewBookPage() {
  const { t } = useTranslation('book')
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('form.newTitle')} />
      <BookForm />
    </div>
  )
}

/** /manager/books/{id}/update */
export function ManagerUpdateBookPage({ id }: { id: string }) {
  const { t } = useTranslation('book')
  const { data: book } = useSuspenseQuery(bookQueries.detail(id))
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('form.updateTitle')} description={book.title} />
      <BookForm key={book.id} book={book} />
    </div>
  )
}
