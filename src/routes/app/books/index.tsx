import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { pageHead } from '@/features/shell/head'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/app/books/')({
  head: pageHead('pages.books'),
  component: function AppBooks() {
    const { t } = useTranslation('shell')
    return <PlaceholderPage title={t('pages.books')} />
  },
})
