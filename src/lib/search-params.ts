import type { SearchSchemaInput } from '@tanstack/react-router'
import { regexes } from 'zod/v4/core'

import { ROLE_GRANTS } from '@/lib/auth/role-matrix'

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
): { searchTerm: string; pages?: number } => ({
  searchTerm: searchTermOf(search.searchTerm),
  // Always the key, undefined when dropped: the router lays the output over the URL's raw params.
  pages: listPages(search.pages),
})

/** A list's other search params (a sort, filters) as the router reads them back: a boolean is `true`/`false`. */
export type ListParams = Readonly<Record<string, string | boolean | undefined>>

/**
 * The query string of a list page showing `pages` pages for `searchTerm`
 * with its other `params` (the 'Load more' link, which works without
 * script): `?searchTerm=…&sort=…&pages=N`.
 */
export function listPageQuery(searchTerm: string, pages: number, params: ListParams = {}): string {
  const query = new URLSearchParams()
  if (searchTerm) query.set('searchTerm', searchTerm)
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value))
  query.set('pages', String(Math.min(pages, LIST_PAGES_MAX)))
  return `?${query.toString()}`
}

/*
 * The sorts and filters of the manager's lists (issue 27 point 9). The API's
 * input schemas take the same values (src/features/{book,user}/schema.ts).
 * A value the page does not know falls back to the default: a shared link
 * with a stale sort still opens the list.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const
type SortOrder = (typeof SORT_ORDERS)[number]
export const BOOK_SORTS = ['title', 'author'] as const
export type BookSort = (typeof BOOK_SORTS)[number]
export const USER_SORTS = ['name', 'email'] as const
type UserSort = (typeof USER_SORTS)[number]
export const ROLE_NAMES = Object.keys(ROLE_GRANTS) as Array<keyof typeof ROLE_GRANTS>
export type RoleName = (typeof ROLE_NAMES)[number]

/** `value` if it is one of `allowed`, else undefined. */
function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined
}

/** A sorted list's `?sort=&order=`: the first sort, ascending, by default. */
export interface ListSort<Sort extends string> {
  sort: Sort
  order: SortOrder
}

/*
 * `pages` and the filters are always in the output, undefined when absent or
 * malformed: the router lays the validated params over the URL's, so a key
 * left out would keep the URL's raw value (`?role=superuser` reaching the loader).
 */
/** A sorted list's search, sort and pages. */
function sortedListSearch<Sort extends string>(
  sorts: readonly [Sort, ...Sort[]],
  search: { searchTerm?: unknown; pages?: unknown; sort?: unknown; order?: unknown } & SearchSchemaInput,
): ReturnType<typeof listSearch> & ListSort<Sort> {
  return {
    ...listSearch(search),
    pages: listPages(search.pages),
    sort: oneOf(sorts, search.sort) ?? sorts[0],
    order: oneOf(SORT_ORDERS, search.order) ?? 'asc',
  }
}

/** The defaults of a sorted list, left out of its URL (`stripSearchParams`). */
export const BOOK_LIST_DEFAULTS = { searchTerm: '', sort: 'title', order: 'asc' } as const
export const USER_LIST_DEFAULTS = { searchTerm: '', sort: 'name', order: 'asc' } as const

/** The longest id a filter keeps (the API's limit). */
const ID_MAX = 100

export type BookListSearch = ReturnType<typeof listSearch> & ListSort<BookSort> & { genreId?: string }

/** /manager/books: the list's search params, plus `?sort=title|author&order=asc|desc&genreId=…`. */
export const bookListSearch = (
  search: {
    searchTerm?: unknown
    pages?: unknown
    sort?: unknown
    order?: unknown
    genreId?: unknown
  } & SearchSchemaInput,
): BookListSearch => {
  const { genreId } = search
  const kept = typeof genreId === 'string' && genreId.length > 0 && genreId.length <= ID_MAX ? genreId : undefined
  return { ...sortedListSearch(BOOK_SORTS, search), genreId: kept }
}

/**
 * A book list route's loader deps: its own params only (the router's search
 * also holds whatever else the URL carries, `?lng=` say). `pages` (2–10):
 * 'Load more' used before hydration or without JavaScript; the server
 * renders that many pages.
 */
export const bookListDeps = ({ search: { searchTerm, sort, order, genreId, pages } }: { search: BookListSearch }) => ({
  searchTerm,
  sort,
  order,
  genreId,
  pages,
})

export type UserListSearch = ReturnType<typeof listSearch> & ListSort<UserSort> & { role?: RoleName; banned?: boolean }

/** /manager/users: the list's search params, plus `?sort=name|email&order=asc|desc&role=…&banned=true|false`. */
export const userListSearch = (
  search: {
    searchTerm?: unknown
    pages?: unknown
    sort?: unknown
    order?: unknown
    role?: unknown
    banned?: unknown
  } & SearchSchemaInput,
): UserListSearch => {
  const role = oneOf(ROLE_NAMES, search.role)
  // The router reads `?banned=true` as JSON (a boolean); a hand-written link may carry the text.
  const banned =
    search.banned === true || search.banned === 'true'
      ? true
      : search.banned === false || search.banned === 'false'
        ? false
        : undefined
  return { ...sortedListSearch(USER_SORTS, search), role, banned }
}

/** The sort a column header's link asks for: the column's other direction if it is the sort, else the column ascending. */
export function nextSort<Sort extends string>(current: ListSort<Sort>, column: Sort): ListSort<Sort> {
  return { sort: column, order: current.sort === column && current.order === 'asc' ? 'desc' : 'asc' }
}
