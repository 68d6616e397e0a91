import { useTranslation } from 'react-i18next'
import { StatusPage } from './status-page'

export function NotFoundPage() {
  const { t } = useTranslation()
  return <StatusPage code="404" title={t('errors.notFound.title')} description={t('errors.notFound.description')} />
}
