import { randomBytes } from 'node:crypto'

import { serialize } from 'seroval'

import type { SessionUser } from '@/lib/auth/session'
import { languageFromRequest } from '@/lib/i18n/detect.server'
import { initials } from '@/lib/initials'
import type { Auth } from '@/server/auth/auth.server'
import { sessionUserOf } from '@/server/auth/session-user.server'
import type { Database } from '@/server/db/client.server'
import { replicasOfDatabase } from '@/server/db/replicas.server'
import { AUTH_COOKIE_PREFIX, parseCookies } from '@/server/http/cookies.server'
import { type Next, type PipelineStep, withRequestHeaders } from '@/server/http/pipeline.server'
import { NONCE_HEADER } from '@/server/http/security-headers.server'
import { processWide } from '@/server/platform/process-wide.server'

import { keptReads } from './kept-reads.server'
import { plainSessionAnswer } from './session-read.server'

/**
 * The signed-in pages whose render depends on the person only through what
 * the `auth.session` procedure says of them (their name, e-mail, picture…),
 * and otherwise on their role, the URL, the language, the cookies and the
 * tables of `reads`: fast-paths.integration.test.ts proves the tables on the
 * procedures their loaders call (src/test/page-site.ts), e2e/shared-render.spec.ts
 * that each page served from another person's render is the bytes of their own.
 */
const SHARED_PAGES = [
  { paths: ['/app/books'], reads: ['book', 'genre', 'row_count'] },
  { paths: ['/manager/books'], reads: ['book', 'genre', 'row_count'] },
] as const

const SHARED_PATHS: ReadonlySet<string> = new Set(SHARED_PAGES.flatMap(({ paths }) => paths))
const SHARED_READS = [...new Set(SHARED_PAGES.flatMap(({ reads }) => reads))]

/** The person's fields a shared page may show, each replaced by a stand-in while it is rendered. */
const PERSONAL = ['id', 'name', 'email', 'image', 'avatar', 'onboardedAt'] as const
type Personal = (typeof PERSONAL)[number]

/** Deseret letters, lower-case: a script with case that no escaping changes. */
const deseret = (bytes: Buffer) => [...bytes].map((byte) => String.fromCodePoint(0x10428 + (byte % 40))).join('')

/**
 * The stand-in's values: random letters of the Deseret script, drawn once per
 * process, so that no text of the app or its data holds one by chance or on
 * purpose. No HTML or script escaping changes them, and any other use of a
 * field (a slice, a change of case, a format) leaves a Deseret character the
 * replacements do not rebuild, which `sharedPage` finds and refuses. The name
 * has two words, so that its initials are a stand-in of their own.
 */
const STAND_IN = processWide(
  'shared-render.stand-in',
  () =>
    Object.fromEntries(
      PERSONAL.map((field) => [
        field,
        field === 'name' ? `${deseret(randomBytes(8))} ${deseret(randomBytes(8))}` : deseret(randomBytes(12)),
      ]),
    ) as Record<Personal, string>,
)
/** A Deseret character, as is (its high surrogate), in a URL, or half of one sent (U+FFFD). */
const LEFT_BEHIND = /\uD801|\uFFFD|%F0%90%9[01]/i

/**
 * How each value a page shows is found in the stand-in's render, and what
 * replaces it for a person: the fields, and what the pages make of them
 * (the avatar's initials, its URL's owner).
 */
const SHOWN: ReadonlyArray<{ field: Personal; of: (value: string) => string }> = [
  ...PERSONAL.map((field) => ({ field, of: (value: string) => value })),
  { field: 'name', of: initials },
  { field: 'id', of: encodeURIComponent },
]

/** React's escaping of text and attribute values. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!)
/** seroval's escaping of a string in the router's inline scripts, without its quotes. */
const escapeScript = (text: string) => serialize(text).slice(1, -1)

type Slot = { field: Personal | 'nonce'; of: (value: string) => string; escape: (text: string) => string }

/** A render split at the stand-in's values and its nonce: `literals` (UTF-8) around each slot. */
export interface SharedPage {
  literals: Buffer[]
  slots: Slot[]
  status: number
  headers: [string, string][]
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi

/** The stand-in whose render every person of `person`'s shape is served: the same role, the same fields absent. */
export function standInFor(person: SessionUser): SessionUser {
  const standIn = { ...person, impersonatedBy: null }
  for (const field of PERSONAL) if (person[field]) standIn[field] = STAND_IN[field]
  return standIn
}

/**
 * The stand-in's render split at every value of it the page shows (escaped
 * as HTML, or as a string of an inline script) and at its nonce; undefined
 * when something of the stand-in is left in it, shown in a way these
 * replacements do not rebuild.
 */
export function sharedPage(
  render: string,
  standIn: SessionUser,
  nonce: string,
): Omit<SharedPage, 'status' | 'headers'> | undefined {
  const found = new Map<string, Pick<Slot, 'field' | 'of'>>([[nonce, { field: 'nonce', of: (value) => value }]])
  for (const shown of SHOWN) {
    const value = standIn[shown.field]
    if (value) found.set(shown.of(value), shown)
  }
  const scripts = [...render.matchAll(SCRIPT)].map((match) => [match.index, match.index + match[0].length])
  const inScript = (at: number) => scripts.some(([start, end]) => at > start! && at < end!)
  const pattern = new RegExp(
    [...found.keys()]
      .sort((a, b) => b.length - a.length)
      .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  )
  const literals: string[] = []
  const slots: Slot[] = []
  let from = 0
  for (const match of render.matchAll(pattern)) {
    literals.push(render.slice(from, match.index))
    slots.push({ ...found.get(match[0])!, escape: inScript(match.index) ? escapeScript : escapeHtml })
    from = match.index + match[0].length
  }
  literals.push(render.slice(from))
  if (literals.some((literal) => LEFT_BEHIND.test(literal))) return undefined
  return { literals: literals.map((literal) => Buffer.from(literal)), slots }
}

/** The page for `person`, with `nonce`. */
export function fillPage(page: Pick<SharedPage, 'literals' | 'slots'>, person: SessionUser, nonce: string): Buffer {
  const parts = [page.literals[0]!]
  page.slots.forEach((slot, index) => {
    const value = slot.field === 'nonce' ? nonce : person[slot.field]!
    parts.push(Buffer.from(slot.escape(slot.of(value))), page.literals[index + 1]!)
  })
  return Buffer.concat(parts)
}

/**
 * The header that hands the render the session this step read, as the `auth.session` procedure
 * is to answer it: a stand-in, or the read's failure. A token of this process's.
 */
const HANDED_ON_HEADER = 'x-start-session-read'
type HandedOn = { person: SessionUser } | { failure: unknown }
const handedOn = processWide('shared-render.handed-on', () => new Map<string, HandedOn>())

/**
 * What the `auth.session` procedure answers in a render behind this step, instead of reading
 * the session again: the stand-in of a shared page, or the step's own read's failure (thrown,
 * so that a database out of reach costs one wait, not two). Undefined: read it.
 */
export function sessionHandedOn(headers: Headers): SessionUser | undefined {
  const token = headers.get(HANDED_ON_HEADER)
  const handed = token ? handedOn.get(token) : undefined
  if (handed && 'failure' in handed) throw handed.failure
  return handed?.person
}

/** The render of `request` with `handed` as what its session read answers. */
async function renderWith(handed: HandedOn, request: Request, next: Next) {
  const token = randomBytes(16).toString('base64url')
  handedOn.set(token, handed)
  try {
    return await next(withRequestHeaders(request, (headers) => headers.set(HANDED_ON_HEADER, token)))
  } finally {
    handedOn.delete(token)
  }
}

/** What the page shows besides the person: the URL, the language, every cookie but better-auth's, the role. */
function pageKey(request: Request, url: URL, person: SessionUser) {
  const cookies = [...parseCookies(request.headers.get('cookie'))]
    .filter(([name]) => !name.toLowerCase().includes(AUTH_COOKIE_PREFIX))
    .sort(([a], [b]) => (a < b ? -1 : 1))
  const shape = PERSONAL.map((field) => (person[field] ? '1' : '0')).join('')
  return JSON.stringify([
    url.pathname + url.search,
    languageFromRequest(url, request.headers),
    cookies,
    person.role,
    person.emailVerified,
    shape,
  ])
}

const keptPages = keptReads<SharedPage>({
  name: 'shared page',
  reads: SHARED_READS,
  // Any write to what the pages list: they show searches of every kind.
  dependsOn: () => SHARED_READS,
  insertsCannotChange: ['row_count'],
  // About 60 KB each, kept as UTF-8 outside the JavaScript heap.
  max: 200,
  // Below the browser's staleTime (src/router.tsx): the page's data is not fetched again as it hydrates.
  maxAgeMs: 5_000,
})

/** A request that asks for a fresh answer, as a browser's hard reload does. */
const refusesKept = (headers: Headers) =>
  /no-cache|no-store|max-age=0/i.test(headers.get('cache-control') ?? '') ||
  /no-cache/i.test(headers.get('pragma') ?? '')

/**
 * Serves the pages of SHARED_PAGES to signed-in people from one render per
 * role, URL, language and cookies (docs/decisions/049-shared-render.md): the
 * page is rendered once for a stand-in of the person, split at what it shows
 * of them (`sharedPage`), and each person is served it with their own values
 * and nonce (`fillPage`) until the database announces a write to a table the
 * pages read, for 5 s at most. Not shared: a session better-auth must decide
 * (forged, expired, due a refresh), an impersonation, a database with
 * replicas (a render may read behind a notice), a request that asks for a
 * fresh answer, a render that is not a plain 200 page or sets a cookie.
 */
export function sharedRender(services: () => Promise<{ db: Database; auth: Auth }>): PipelineStep {
  return async (request, next) => {
    if (request.headers.has(HANDED_ON_HEADER))
      request = withRequestHeaders(request, (headers) => headers.delete(HANDED_ON_HEADER))
    const nonce = request.headers.get(NONCE_HEADER)
    if (request.method !== 'GET' || !nonce) return next(request)
    const url = new URL(request.url)
    if (!SHARED_PATHS.has(url.pathname) || refusesKept(request.headers)) return next(request)
    const { db, auth } = await services()
    if (replicasOfDatabase(db)) return next(request)
    // The plain case only (a live session not due a refresh): better-auth decides the others, in the render.
    let session: Awaited<ReturnType<typeof plainSessionAnswer>>
    try {
      session = await plainSessionAnswer(auth, db, request.headers)
    } catch (failure) {
      return renderWith({ failure }, request, next)
    }
    if (!session || session.session.impersonatedBy) return next(request)
    const person = sessionUserOf(session)

    const page = await keptPages(db, pageKey(request, url, person), async () => {
      const standIn = standInFor(person)
      const rendered = await renderWith({ person: standIn }, request, next)
      const html = rendered.headers.get('content-type')?.includes('text/html')
      if (rendered.status !== 200 || !html || rendered.headers.has('set-cookie')) return undefined
      const split = sharedPage(await rendered.text(), standIn, nonce)
      return split && { ...split, status: 200, headers: [...rendered.headers] }
    })
    // Not kept: rendered again for the person (a stand-in's answer is never theirs).
    if (!page) return next(request)
    const body = fillPage(page, person, nonce)
    const headers = new Headers(page.headers)
    // Its length said, it is compressed in one call (src/server/http/compression.server.ts).
    headers.set('content-length', String(body.length))
    return new Response(body as Buffer<ArrayBuffer>, { status: page.status, headers })
  }
}
