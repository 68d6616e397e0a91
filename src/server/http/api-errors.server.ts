// Zod's generic messages as i18n keys, whatever module loaded first.
import '@/lib/i18n/zod'

import { ORPCError, ValidationError } from '@orpc/server'

import type { Language } from '@/lib/i18n/config'
import { createI18n } from '@/lib/i18n/instance'
import { translate, type TranslationKey, type TranslationValues } from '@/lib/i18n/keys'
import { loadMessages } from '@/lib/i18n/messages'
import type { Translator } from '@/lib/i18n/translator'
import { isDatabaseUnavailable } from '@/server/db/unavailable.server'
import { logger } from '@/server/platform/logger.server'

import { API_ERROR_KEYS, API_ERROR_STATUS, type ApiErrorCode, type ApiErrorData } from './api-errors'

/**
 * Throws from a procedure: `throw apiError('NOT_FOUND')`, or with the
 * message of a form field: `throw apiError('CONFLICT', 'book:errors.titleTaken', { field: 'title' })`.
 * The message is translated on the way out (see `toApiError`).
 */
export function apiError(
  code: ApiErrorCode,
  key: TranslationKey = API_ERROR_KEYS[code],
  options: { field?: string; values?: TranslationValues; authCode?: string } = {},
) {
  const data: ApiErrorData = { key, values: options.values }
  if (options.field) data.fields = { [options.field]: key }
  if (options.authCode) data.authCode = options.authCode
  return new ORPCError(code, { status: API_ERROR_STATUS[code], message: key, data })
}

/**
 * Database constraints whose violation is the caller's mistake, by name:
 * the field and message it maps to. Uniqueness lives in the database, so of
 * two concurrent duplicates exactly one insert wins and the other lands here.
 */
const CONSTRAINT_ERRORS: Record<string, { code: ApiErrorCode; key: TranslationKey; field: string }> = {
  book_title_author_unique: { code: 'CONFLICT', key: 'book:errors.titleTaken', field: 'title' },
  book_genre_id_genre_id_fk: { code: 'BAD_REQUEST', key: 'book:errors.genreNotFound', field: 'genreId' },
  genre_name_unique: { code: 'CONFLICT', key: 'book:errors.genreTaken', field: 'name' },
  user_email_unique: { code: 'CONFLICT', key: 'user:errors.emailTaken', field: 'email' },
}

/** The PostgreSQL error under drizzle's wrapping (`cause`), PGlite's or pg's. */
function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined }
    }
  }
  return undefined
}

function fromDatabase(error: unknown) {
  const failure = databaseError(error)
  if (!failure) return undefined
  const known = failure.constraint ? CONSTRAINT_ERRORS[failure.constraint] : undefined
  if (known) return apiError(known.code, known.key, { field: known.field })
  // Unique (23505), foreign key (23503), invalid text (22P02): still the input's fault.
  if (failure.code === '23505') return apiError('CONFLICT')
  if (failure.code.startsWith('22') || failure.code.startsWith('23')) return apiError('BAD_REQUEST')
  return undefined
}

/** Input validation failures: each zod issue's message (an i18n key) on its field. */
function fromValidation(error: ORPCError<string, unknown>) {
  if (!(error.cause instanceof ValidationError)) return undefined
  const fields: Record<string, TranslationKey> = {}
  for (const issue of error.cause.issues) {
    const path = (issue.path ?? [])
      .map((part) => (typeof part === 'object' ? String(part.key) : String(part)))
      .join('.')
    // Every zod message is one `t()` resolves (see `fieldMessage` in src/lib/i18n/keys.ts).
    fields[path || '_'] ??= issue.message as TranslationKey
  }
  const failure = apiError('BAD_REQUEST')
  ;(failure.data as ApiErrorData).fields = fields
  return failure
}

const translators = new Map<Language, Promise<Translator>>()

/** An i18n instance with every namespace of `language`, loaded once per process. */
export function translator(language: Language) {
  let instance = translators.get(language)
  if (!instance) {
    instance = loadMessages(language).then((messages) => createI18n(language, messages))
    translators.set(language, instance)
  }
  return instance
}

/**
 * Every error a procedure throws, as the caller receives it: a known oRPC
 * error with a translated message and `ApiErrorData`, never a stack trace
 * or SQL text. A database that cannot be reached is a 503 ('temporarily
 * unavailable'); unknown failures are logged and become a generic 500.
 */
export async function toApiError(error: unknown, language: Language): Promise<ORPCError<string, ApiErrorData>> {
  let known: ORPCError<string, unknown> | undefined
  if (error instanceof ORPCError) known = fromValidation(error) ?? error
  else known = fromDatabase(error)
  // Not the caller's fault and not a bug: the database cannot be reached.
  if (!known && isDatabaseUnavailable(error)) known = apiError('SERVICE_UNAVAILABLE')
  if (!known) {
    logger.error({ err: error }, 'API procedure failed')
    known = apiError('INTERNAL_SERVER_ERROR')
  }
  const data = normalisedData(known)
  const t = (await translator(language)).t
  // A validation failure says what is wrong with each field ('Title is required'), not just 'Invalid input'.
  const fieldMessages =
    data.key === API_ERROR_KEYS.BAD_REQUEST && data.fields
      ? [...new Set(Object.values(data.fields).map((key) => translate(t, key)))]
      : []
  const message = fieldMessages.length > 0 ? fieldMessages.join(' · ') : translate(t, data.key, data.values)
  return new ORPCError(known.code, { status: known.status, message, data, cause: known.cause })
}

/** oRPC's own errors (e.g. a procedure path that does not exist) get our data shape too. */
function normalisedData(error: ORPCError<string, unknown>): ApiErrorData {
  const data = error.data as Partial<ApiErrorData> | undefined
  if (data && typeof data.key === 'string') return data as ApiErrorData
  const key =
    API_ERROR_KEYS[error.code as ApiErrorCode] ??
    (error.status >= 500 ? API_ERROR_KEYS.INTERNAL_SERVER_ERROR : API_ERROR_KEYS.BAD_REQUEST)
  return { key }
}
