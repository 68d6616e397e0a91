import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

export const Route = createFileRoute('/manager/')({
  component: function ManagerHome() {
    const { t } = useTranslation()
    const { user } = Route.useRouteContext()
    return <p>{t('manager.welcome', { name: user.name })}</p>
  },
})
