import { useTranslation } from '@/lib/i18n/react'
import { useFormatDate } from '@/lib/use-format-date'

import { GenreBadge } from './genre-badge'
import type { Book } from './schema'

/** The fields of a book as a description list (both areas' detail pages). */
export function BookDetails({ book, withDates = false }: { book: Book; withDates?: boolean }) {
  const { t } = useTranslation('book')
  const date = useFormatDate({ dateStyle: 'medium' })
  const rows = [
    { key: 'author', label: t('fields.author'), value: book.author },
    { key: 'publisher', label: t('fields.publisher'), value: book.publisher || t('fields.none') },
    {
      key: 'genre',
      label: t('fields.genre'),
      value: book.genre ? <GenreBadge genre={book.genre} /> : t('fields.none'),
    },
    ...(withDates
      ? [
          { key: 'createdAt', label: t('fields.createdAt'), value: date(book.createdAt) },
          { key: 'updatedAt', label: t('fields.updatedAt'), value: date(book.updatedAt) },
        ]
      : []),
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
      {rows.map((row) => (
        <div key={row.key} className="contents">
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
