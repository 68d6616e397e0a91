import { useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'

import { BookForm } from './book-form'
import { bookQueries } from './book-queries'

/** /manager/books/new */
export function ManagerNewBookPage() {
  const { t } = useTranslation('book')
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('form.newTitle')}</h1>
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
      <h1 className="text-2xl font-semibold">{t('form.updateTitle')}</h1>
      <p className="text-muted-foreground">{book.title}</p>
      <BookForm key={book.id} book={book} />
    </div>
  )
}
