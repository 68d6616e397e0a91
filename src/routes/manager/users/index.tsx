import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { pageHead } from '@/features/shell/head'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/manager/users/')({
  head: pageHead('pages.users'),
  component: function ManagerUsers() {
    const { t } = useTranslation('shell')
    return <PlaceholderPage title={t('pages.users')} />
  },
})
