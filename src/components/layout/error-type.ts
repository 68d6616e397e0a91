import { isNotFound } from '@tanstack/react-router'

import { FORBIDDEN_ERROR } from '@/lib/auth/session'

import type { ErrorType } from './status-screen'

/** The HTTP status an error carries (fetch and RPC errors have one), if any. */
function statusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown }
  const value = typeof status === 'number' ? status : statusCode
  return typeof value === 'number' ? value : undefined
}

/** Which error page an error gets: 'generic' is the error boundary's 'Something went wrong!'. */
export function errorType(error: unknown): ErrorType | 'generic' {
  const status = statusOf(error)
  if ((error instanceof Error && error.message === FORBIDDEN_ERROR) || status === 403) return '403'
  if (isNotFound(error) || status === 404) return '404'
  // The database cannot be reached (SessionUnavailableError, a 503 from the API): say so, not 'server error'.
  if (status === 503) return '503'
  if (status !== undefined && status >= 500) return '500'
  return error instanceof Error ? 'generic' : 'unknown'
}

/** The title of the page an error gets (its heading, also the tab's title). */
export function errorTitleKey(error: unknown) {
  const type = errorType(error)
  return type === 'generic' ? ('errors.boundary.title' as const) : (`errors.${type}.title` as const)
}
