import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** The page of an HTTP-like status (403, 404, 500…), with go back and go home. */
export function StatusPage({ code, title, description }: { code: string; title: string; description?: string }) {
  const { t } = useTranslation()
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-muted-foreground">{code}</p>
      <h1 className="text-xl font-semibold">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
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
