import type { ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { FORBIDDEN_ERROR } from '@/features/auth/session'
import { StatusPage } from './status-page'

/** 403 for a refused area, otherwise the generic error. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation()
  if (error instanceof Error && error.message === FORBIDDEN_ERROR) {
    return <StatusPage code="403" title={t('errors.forbidden')} />
  }
  return <StatusPage code="500" title={t('errors.generic')} />
}
