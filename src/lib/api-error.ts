import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import type { TFunction } from 'i18next'

import type { Namespace } from '@/lib/i18n/config'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import type { ApiErrorData } from '@/server/api/errors'

/** The data of an API error (see src/server/api/errors.ts), whatever way it arrived. */
export function apiErrorData(error: unknown): ApiErrorData | undefined {
  const data = (error as { data?: Partial<ApiErrorData> } | null)?.data
  return data && typeof data.key === 'string' ? (data as ApiErrorData) : undefined
}

/** The HTTP status of a failed call, if it had one. */
export function apiErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/**
 * The error's message in the page's current language, or `fallbackKey`
 * (e.g. 'book:toasts.createFailed') when the server gave none.
 */
export function apiErrorMessage(t: TFunction<Namespace[]>, error: unknown, fallbackKey: TranslationKey): string {
  const data = apiErrorData(error)
  if (!data || data.key === 'ui:api.unexpected') return translate(t, fallbackKey)
  return translate(t, data.key, data.values)
}

/** Whether the error carries a message for one of `fields` (a form puts it there, see `applyFieldErrors`). */
export function hasFieldErrors(error: unknown, fields: readonly string[]): boolean {
  const messages = apiErrorData(error)?.fields ?? {}
  return fields.some((field) => messages[field] !== undefined)
}

/**
 * Puts the error's field messages on the form's fields (react-hook-form's
 * `setError`; the messages are i18n keys, translated where the field shows
 * them). Returns whether any field got one.
 */
export function applyFieldErrors<Field extends string>(
  error: unknown,
  setError: (field: Field, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
  fields: readonly Field[],
): boolean {
  const messages = apiErrorData(error)?.fields ?? {}
  let applied = false
  for (const field of fields) {
    const message = messages[field]
    if (!message) continue
    setError(field, { type: 'server', message }, { shouldFocus: !applied })
    applied = true
  }
  return applied
}

/** Query retries (3, docs/product.md#constants): a network or server failure is retried, an answer about the request itself (4xx) is not. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  const status = apiErrorStatus(error)
  if (status !== undefined && status >= 400 && status < 500) return false
  return failureCount < 3
}

/**
 * A route loader's record (a book, a user): prefetched so the server-rendered
 * HTML carries it; an unknown or malformed id is the area's not-found screen
 * (HTTP 404).
 */
export async function ensureOrNotFound<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<Data, Error, Data, Key>,
): Promise<Data> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    const status = apiErrorStatus(error)
    if (status === 404 || status === 400) throw notFound()
    throw error
  }
}
