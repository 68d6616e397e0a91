import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

export const Route = createFileRoute('/app/')({
  component: function AppHome() {
    const { t } = useTranslation()
    const { user } = Route.useRouteContext()
    return <p>{t('app.welcome', { name: user.name })}</p>
  },
})
