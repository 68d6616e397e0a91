/**
 * The mixed workload's plan (issue 26 part 4), pure: which request a signed-in
 * person sends next. Each of the bench's users browses: a list (the books; the
 * users too for an administrator) with a search term or none, page after page
 * by the cursor of the page before, until they start over on another list or
 * term; one request in twenty (`writeShare`) is a write instead: an
 * administrator creates or updates a book, a user renames themself.
 */

export { seededRandom } from '@/test/seeded-random'

/** One of `items`, each as likely. */
export function pick<T>(items: readonly T[], random: () => number): T {
  if (!items.length) throw new Error('nothing to pick from')
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!
}

export type Role = 'admin' | 'user'
type ListName = 'books' | 'users'

/** A book seen on a page: what an update sends back changed. */
export interface SeenBook {
  id: string
  title: string
  author: string
}

/** Where one person is: the list, term and next page's cursor of their last read; a book they saw. */
interface Browsing {
  list: ListName
  searchTerm: string
  cursor?: string
}

export interface PersonState {
  role: Role
  browsing?: Browsing
  lastBook?: SeenBook
}

export type MixedRequest =
  | { kind: 'read'; list: ListName; searchTerm: string; cursor?: string }
  | { kind: 'create-book' }
  | { kind: 'update-book'; book: SeenBook }
  | { kind: 'rename' }

export interface MixOptions {
  /** Share of requests that write (0.05). */
  writeShare: number
  /** After a page with a next one, the chance that the next read is that next page (else a new list and term). */
  nextPageShare: number
  /** An administrator's share of new browsing on the user list (the rest: the books). */
  usersListShare: number
  /** Share of new browsing with no search term (the list as it opens). */
  noSearchShare: number
  /** The search terms to draw from (words of the seeded titles and authors). */
  terms: readonly string[]
}

export const DEFAULT_MIX: Omit<MixOptions, 'terms'> = {
  writeShare: 0.05,
  nextPageShare: 0.6,
  usersListShare: 0.25,
  noSearchShare: 0.3,
}

/** The next request of a person in `state`. */
export function nextRequest(state: PersonState, random: () => number, options: MixOptions): MixedRequest {
  if (random() < options.writeShare) {
    if (state.role === 'user') return { kind: 'rename' }
    return state.lastBook && random() < 0.5 ? { kind: 'update-book', book: state.lastBook } : { kind: 'create-book' }
  }
  const { browsing } = state
  if (browsing?.cursor && random() < options.nextPageShare)
    return { kind: 'read', list: browsing.list, searchTerm: browsing.searchTerm, cursor: browsing.cursor }
  const list: ListName = state.role === 'admin' && random() < options.usersListShare ? 'users' : 'books'
  const searchTerm = random() < options.noSearchShare ? '' : pick(options.terms, random)
  return { kind: 'read', list, searchTerm }
}

/** What a person's state becomes once `request` was answered with `page` (a read's JSON; undefined for a write or a failure). */
export function afterAnswer(
  state: PersonState,
  request: MixedRequest,
  page?: { items?: Array<Partial<SeenBook>>; nextCursor?: string | null },
): PersonState {
  if (request.kind !== 'read') return state
  if (!page) return { ...state, browsing: undefined }
  const browsing: Browsing = { list: request.list, searchTerm: request.searchTerm }
  if (page.nextCursor) browsing.cursor = page.nextCursor
  const book =
    request.list === 'books'
      ? page.items?.find(
          (item): item is SeenBook =>
            typeof item.id === 'string' && typeof item.title === 'string' && typeof item.author === 'string',
        )
      : undefined
  return {
    ...state,
    browsing,
    lastBook: book ? { id: book.id, title: book.title, author: book.author } : state.lastBook,
  }
}

/** The kind of a request, for latencies by kind: `books, next page, search`, `create-book`… */
export function requestKind(request: MixedRequest): string {
  if (request.kind !== 'read') return request.kind
  return [request.list, request.cursor ? 'next page' : 'first page', ...(request.searchTerm ? ['search'] : [])].join(
    ', ',
  )
}

/** The search terms of a catalogue: each word of its titles and author names, lower-cased, once. */
export function searchTermsOf(words: readonly string[]): string[] {
  return [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3))]
}

/** `count` people, the first `admins` of them administrators. */
export function people(count: number, admins: number): Role[] {
  return Array.from({ length: count }, (_, index) => (index < admins ? 'admin' : 'user'))
}
