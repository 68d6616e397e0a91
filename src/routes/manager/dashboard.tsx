import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { pageHead } from '@/features/shell/head'
import { PlaceholderPage } from '@/features/shell/placeholder-page'

export const Route = createFileRoute('/manager/dashboard')({
  head: pageHead('pages.dashboard'),
  component: function ManagerDashboard() {
    const { t } = useTranslation('shell')
    const { user } = Route.useRouteContext()
    return (
      <PlaceholderPage title={t('pages.dashboard')}>
        <p>{t('dashboard.welcome', { name: user.name })}</p>
      </PlaceholderPage>
    )
  },
})
