import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FORBIDDEN_ERROR } from '@/features/auth/session'

/** 403 for a refused area, otherwise the generic error. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation()
  const forbidden = error instanceof Error && error.message === FORBIDDEN_ERROR
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">{forbidden ? '403' : '500'}</p>
      <h1 className="text-xl font-semibold">{forbidden ? t('errors.forbidden') : t('errors.generic')}</h1>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => window.history.back()}>
          {t('actions.goBack')}
        </Button>
        <Link to="/" className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">
          {t('actions.goHome')}
        </Link>
      </div>
    </main>
  )
}
