import type { ParseKeys, TFunction } from 'i18next'

import type { Namespace } from './config'

/**
 * A message key with its namespace ('book:toasts.deleteFailed'), checked
 * against the English messages (src/lib/i18n/i18next.d.ts): the type of a
 * key that travels as data, such as an API error's key, a zod message or a
 * mutation's failure toast. A misspelt one fails the type check where it is
 * written.
 */
export type TranslationKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace]

/** Interpolation values of a message ('{{title}}'). */
export type TranslationValues = Record<string, string | number>

/**
 * A key written where a plain string is expected (a zod message):
 * `z.string().min(1, messageKey('book:validation.titleRequired'))`.
 */
export const messageKey = (key: TranslationKey): TranslationKey => key

/**
 * Translates a key that travelled as data (typed `TranslationKey` where it
 * was written). `t` is any component's: a key carries its namespace.
 */
export function translate(t: TFunction<Namespace[]>, key: TranslationKey, values?: TranslationValues): string {
  // The key is checked by its type; the union of every key's interpolation is too wide to spell here.
  return (t as unknown as (key: string, values?: TranslationValues) => string)(key, values)
}

/**
 * A form field's message in the page's language. react-hook-form holds it
 * as a string, but it is always one `t()` resolves: a key written with
 * `messageKey` in a schema, the server's field error (typed
 * `TranslationKey` in `ApiErrorData`), or zod's own generic message
 * (src/lib/i18n/zod.ts: a `ui:zod.*` key, or a nesting expression carrying
 * its values).
 */
export function fieldMessage(t: TFunction<Namespace[]>, message: string | undefined): string | undefined {
  return message ? translate(t, message as TranslationKey) : undefined
}
