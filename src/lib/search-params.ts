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
export const SEARCH_TERM_MAX = 200

/**
 * The most pages a list page renders on the server from `?pages=` ('Load
 * more' before the page's script runs, or without one): 10 × 20 rows.
 */
export const LIST_PAGES_MAX = 10

/**
 * The search term: a string of at most 200 characters, or ''. A number or a
 * boolean is taken as its text: the search form posts `?searchTerm=1984`
 * before its script runs, and the router reads such a value as JSON.
 */
function searchTermOf(term: unknown): string {
  const text = typeof term === 'number' && Number.isFinite(term) ? String(term) : term
  const value = typeof text === 'boolean' ? String(text) : text
  return typeof value === 'string' && value.length <= SEARCH_TERM_MAX ? value : ''
}

/**
 * `?pages=`: how many pages of the list to show, 2 to 10 (more is capped at
 * 10); undefined for one page and for anything malformed.
 */
export function listPages(value: unknown): number | undefined {
  const pages = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value
  if (typeof pages !== 'number' || !Number.isInteger(pages) || pages < 2) return undefined
  return Math.min(pages, LIST_PAGES_MAX)
}

/**
 * The search params of a searchable list page: `?searchTerm=…` (empty by
 * default and when malformed) and `?pages=N` (see `listPages`).
 */
// SearchSchemaInput: links may leave the params out (the output always has searchTerm).
export const listSearch = (
  search: { searchTerm?: unknown; pages?: unknown } & SearchSchemaInput,
): { searchTerm: string; pages?: number } => {
  const pages = listPages(search.pages)
  return pages
    ? { searchTerm: searchTermOf(search.searchTerm), pages }
    : { searchTerm: searchTermOf(search.searchTerm) }
}

/**
 * The query string of a list page showing `pages` pages for `searchTerm`
 * (the 'Load more' link, which works without script): `?searchTerm=…&pages=N`.
 */
export function listPageQuery(searchTerm: string, pages: number): string {
  const params = new URLSearchParams()
  if (searchTerm) params.set('searchTerm', searchTerm)
  params.set('pages', String(Math.min(pages, LIST_PAGES_MAX)))
  return `?${params.toString()}`
}
