import { isNotFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FORBIDDEN_ERROR } from '@/features/auth/session'
import { ErrorStatusPage, StatusPage } from './status-page'

/** Error boundary retry delay (spec section 9). */
export const ERROR_RETRY_DELAY_MS = 600

/** A route's errorComponent: 403 for a refused area, 404, otherwise the error boundary. */
export function ErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  if (error instanceof Error && error.message === FORBIDDEN_ERROR) return <ErrorStatusPage type="403" />
  if (isNotFound(error)) return <ErrorStatusPage type="404" />
  return <ErrorBoundaryPage error={error} />
}

/**
 * 'Something went wrong!' with the error's message behind Show Error, and Try
 * again: after 600 ms the route data is invalidated (reloaded), which also
 * resets the boundary; the button stays disabled meanwhile.
 */
export function ErrorBoundaryPage({ error }: { error: unknown }) {
  const { t } = useTranslation('shell')
  const router = useRouter()
  const [retrying, setRetrying] = useState(false)
  const [showError, setShowError] = useState(false)
  const detailsId = useId()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const retry = () => {
    setRetrying(true)
    timer.current = setTimeout(() => {
      void router.invalidate().finally(() => setRetrying(false))
    }, ERROR_RETRY_DELAY_MS)
  }

  return (
    <StatusPage
      title={t('errors.boundary.title')}
      description={t('errors.boundary.description')}
      actions={
        <Button onClick={retry} disabled={retrying} aria-busy={retrying || undefined}>
          {t('errors.boundary.tryAgain')}
        </Button>
      }
    >
      <Button
        variant="link"
        size="sm"
        aria-expanded={showError}
        aria-controls={detailsId}
        onClick={() => setShowError(!showError)}
      >
        {showError ? t('errors.boundary.hideError') : t('errors.boundary.showError')}
      </Button>
      <pre
        id={detailsId}
        hidden={!showError}
        className="max-h-48 w-full overflow-auto rounded-md border border-border bg-muted p-3 text-start text-sm whitespace-pre-wrap dark:bg-zinc-900"
      >
        {error instanceof Error ? error.message : String(error)}
      </pre>
    </StatusPage>
  )
}
