import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">404</p>
      <h1 className="text-xl font-semibold">{t('errors.notFound.title')}</h1>
      <p className="text-muted-foreground">{t('errors.notFound.description')}</p>
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
