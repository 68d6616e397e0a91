import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { useTranslation } from '@/lib/i18n/react'

import { errorType } from './error-type'
import { ErrorStatusPage, StatusPage } from './status-screen'

/** Error boundary retry delay (docs/product.md#constants). */
export const ERROR_RETRY_DELAY_MS = 600

/** The text behind Show Error: the message, or what was thrown. */
function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/**
 * A route's errorComponent: the 403 and 404 pages, or the error boundary
 * (a 500, an unknown error, or the generic 'Something went wrong!').
 */
export function ErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  const type = errorType(error)
  if (type === '403' || type === '404') return <ErrorStatusPage type={type} />
  return <ErrorBoundaryPage error={error} type={type} />
}

/**
 * The error's page ('Something went wrong!' for a generic one) with its
 * message behind Show Error, and Try again: after 600 ms the route data is
 * invalidated (reloaded), which also resets the boundary; the button stays
 * disabled meanwhile.
 */
function ErrorBoundaryPage({
  error,
  type = 'generic',
}: {
  error: unknown
  type?: '500' | '503' | 'unknown' | 'generic'
}) {
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
      code={type === '500' || type === '503' ? type : undefined}
      title={type === 'generic' ? t('errors.boundary.title') : t(`errors.${type}.title`)}
      description={type === 'generic' ? t('errors.boundary.description') : t(`errors.${type}.description`)}
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
        className="max-h-48 w-full overflow-auto rounded-md border border-border bg-panel p-3 text-start text-sm whitespace-pre-wrap"
      >
        {errorMessage(error)}
      </pre>
    </StatusPage>
  )
}
