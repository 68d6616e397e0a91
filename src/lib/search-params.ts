import type { SearchSchemaInput } from '@tanstack/react-router'
import { regexes } from 'zod/v4/core'

/*
 * The routes' search params, checked by plain functions rather than zod
 * schemas: a route's `validateSearch` is in the router's entry chunk, so a
 * schema there would load zod on every page (docs/performance.md). Whatever
 * is malformed falls back, as a schema's `.catch()` would; search-params.test.ts
 * holds each against the schema it replaces.
 */
/** A string param, or undefined. */
export const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** A well-formed e-mail address (zod's `z.email()` pattern, not trimmed), or ''. */
export const emailOrEmpty = (value: unknown): string =>
  typeof value === 'string' && regexes.email.test(value) ? value : ''

/** `?redirect=` of the login and onboarding pages. */
export const redirectSearch = (search: { redirect?: unknown }): { redirect?: string } => ({
  redirect: optionalString(search.redirect),
})

/** The longest search term a list page keeps. */
const SEARCH_TERM_MAX = 200

/** The search params of a searchable list page (`?searchTerm=…`): a string, empty by default and when malformed. */
// SearchSchemaInput: links may leave the param out (the output always has it).
export const listSearch = (search: { searchTerm?: unknown } & SearchSchemaInput): { searchTerm: string } => {
  const term = search.searchTerm
  return { searchTerm: typeof term === 'string' && term.length <= SEARCH_TERM_MAX ? term : '' }
}
