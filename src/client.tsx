import { StartClient } from '@tanstack/react-start/client'
import { type ErrorInfo, startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

import { errorType } from '@/components/layout/error-type'

/**
 * React logs every error an error boundary catches. A refused area (403) is a page the app
 * shows on purpose (its error screen), not a fault: it stays out of the console, which the e2e
 * suite keeps clean (e2e/support/console.ts); anything else is logged as React does.
 */
function onCaughtError(error: unknown, info: ErrorInfo) {
  if (errorType(error) === '403' || errorType(error) === '404') return
  console.error(error, info.componentStack)
}

// Start's own client entry, with the option above.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
    { onCaughtError },
  )
})
