import type { TFunction } from 'i18next'

import type { Namespace } from '@/lib/i18n/config'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import type { ApiErrorData } from '@/server/http/api-errors'

/** The data of an API error (see src/server/http/api-errors.ts), whatever way it arrived. */
export function apiErrorData(error: unknown): ApiErrorData | undefined {
  const data = (error as { data?: Partial<ApiErrorData> } | null)?.data
  return data && typeof data.key === 'string' ? (data as ApiErrorData) : undefined
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
