import { makeSignature } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'

import { CATALOGUE_WORDS } from './database'
import { kindFigures, ourRequests, signedSessionCookie, theirRequests } from './mixed'
import {
  afterAnswer,
  DEFAULT_MIX,
  type MixedRequest,
  nextRequest,
  people,
  type PersonState,
  pick,
  requestKind,
  searchTermsOf,
  seededRandom,
} from './mixed-plan'
import { mixedMarkdown, replaceMixedReport, replaceReport } from './report'
import { percentile } from './stats'

const terms = searchTermsOf(CATALOGUE_WORDS)
const mix = { ...DEFAULT_MIX, terms }

/** `count` requests of one person, each answered with a page that has a next one (a book on it). */
function browse(role: PersonState['role'], count: number, seed = 1) {
  const random = seededRandom(seed)
  let state: PersonState = { role }
  const requests: MixedRequest[] = []
  for (let i = 0; i < count; i++) {
    const request = nextRequest(state, random, mix)
    requests.push(request)
    state = afterAnswer(state, request, {
      items: [{ id: `book-${i}`, title: `Title ${i}`, author: 'Someone' }],
      nextCursor: `cursor-${i}`,
    })
  }
  return requests
}

describe('the random source', () => {
  it('repeats itself for a seed, differs between seeds, and stays in [0, 1)', () => {
    const draw = (seed: number) => Array.from({ length: 1000 }, seededRandom(seed))
    expect(draw(7)).toEqual(draw(7))
    expect(draw(7)).not.toEqual(draw(8))
    for (const value of draw(7)) expect(value >= 0 && value < 1).toBe(true)
  })

  it('is near uniform: each tenth holds about a tenth of 100,000 draws', () => {
    const random = seededRandom(42)
    const buckets = Array.from({ length: 10 }, () => 0)
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(random() * 10)]!++
    for (const bucket of buckets) expect(Math.abs(bucket - 10_000)).toBeLessThan(500)
  })

  it('picks every item, and refuses an empty list', () => {
    const random = seededRandom(3)
    const seen = new Set(Array.from({ length: 500 }, () => pick(['a', 'b', 'c'], random)))
    expect([...seen].sort()).toEqual(['a', 'b', 'c'])
    expect(() => pick([], random)).toThrow()
  })
})

describe('the request mix', () => {
  const share = (requests: MixedRequest[], test: (request: MixedRequest) => boolean) =>
    requests.filter(test).length / requests.length

  it('writes one request in twenty: administrators create or update books, users rename themselves', () => {
    const admin = browse('admin', 20_000)
    const user = browse('user', 20_000, 2)
    expect(share(admin, (r) => r.kind !== 'read')).toBeCloseTo(0.05, 2)
    expect(share(user, (r) => r.kind !== 'read')).toBeCloseTo(0.05, 2)
    expect(new Set(admin.filter((r) => r.kind !== 'read').map((r) => r.kind))).toEqual(
      new Set(['create-book', 'update-book']),
    )
    expect(new Set(user.filter((r) => r.kind !== 'read').map((r) => r.kind))).toEqual(new Set(['rename']))
  })

  it('shows the user list to administrators only, about a quarter of their new lists', () => {
    const newLists = (requests: MixedRequest[]) =>
      requests.filter((r): r is Extract<MixedRequest, { kind: 'read' }> => r.kind === 'read' && !r.cursor)
    expect(newLists(browse('user', 5000)).every((r) => r.list === 'books')).toBe(true)
    const lists = newLists(browse('admin', 20_000))
    expect(share(lists, (r) => r.kind === 'read' && r.list === 'users')).toBeCloseTo(0.25, 1)
  })

  it('follows the cursor of the page before, or starts over with a search term of the catalogue or none', () => {
    const requests = browse('admin', 20_000)
    const reads = requests.filter((r) => r.kind === 'read')
    const next = reads.filter((r) => r.cursor)
    // Every read after a page with a next one: 60 % go on (the writes in between keep the place).
    expect(next.length / reads.length).toBeGreaterThan(0.5)
    expect(next.length / reads.length).toBeLessThan(0.7)
    const fresh = reads.filter((r) => !r.cursor)
    expect(share(fresh, (r) => r.kind === 'read' && r.searchTerm === '')).toBeCloseTo(0.3, 1)
    for (const read of fresh) if (read.searchTerm) expect(terms).toContain(read.searchTerm)
    expect(new Set(fresh.map((r) => r.kind === 'read' && r.searchTerm)).size).toBeGreaterThan(100)
  })

  it('goes on with the same list and term when it follows a cursor', () => {
    const random = seededRandom(9)
    const state: PersonState = { role: 'admin', browsing: { list: 'users', searchTerm: 'ada', cursor: 'c1' } }
    const followed = Array.from({ length: 200 }, () => nextRequest(state, random, { ...mix, writeShare: 0 })).filter(
      (r) => r.kind === 'read' && r.cursor,
    )
    expect(followed.length).toBeGreaterThan(80)
    for (const read of followed) expect(read).toEqual({ kind: 'read', list: 'users', searchTerm: 'ada', cursor: 'c1' })
  })

  it('updates only a book it saw, and starts over after a failed read or the last page', () => {
    const read = { kind: 'read', list: 'books', searchTerm: 'tide' } as const
    const seen = afterAnswer({ role: 'admin' }, read, {
      items: [{ id: 'b1', title: 'The Tide', author: 'Ada K. Becker' }],
      nextCursor: null,
    })
    expect(seen).toEqual({
      role: 'admin',
      browsing: { list: 'books', searchTerm: 'tide' },
      lastBook: { id: 'b1', title: 'The Tide', author: 'Ada K. Becker' },
    })
    expect(afterAnswer(seen, read).browsing).toBeUndefined()
    expect(
      afterAnswer(seen, { kind: 'read', list: 'users', searchTerm: '' }, { items: [{ id: 'u1' }] }).lastBook,
    ).toEqual(seen.lastBook)
    const updates = browse('admin', 5000).filter((r) => r.kind === 'update-book')
    for (const update of updates) expect(update.book.id).toMatch(/^book-\d+$/)
  })

  it('draws its terms from the catalogue, lower-cased, each once', () => {
    expect(terms).toContain('winter')
    expect(terms).toContain('becker')
    expect(new Set(terms).size).toBe(terms.length)
    expect(people(5, 2)).toEqual(['admin', 'admin', 'user', 'user', 'user'])
  })
})

describe('latencies by kind', () => {
  it('names a read by its list, page and search, a write by itself', () => {
    expect(requestKind({ kind: 'read', list: 'books', searchTerm: '' })).toBe('books, first page')
    expect(requestKind({ kind: 'read', list: 'users', searchTerm: 'ada', cursor: 'c' })).toBe(
      'users, next page, search',
    )
    expect(requestKind({ kind: 'rename' })).toBe('rename')
  })

  it('counts each kind and takes its percentiles', () => {
    const figures = kindFigures(new Map([['rename', Array.from({ length: 100 }, (_, i) => 100 - i)]]))
    expect(figures).toEqual({ rename: { count: 100, p50: 50, p99: 99 } })
  })
})

describe('the HTTP of each app', () => {
  it('asks both for the same lists, cursor and term in the query', () => {
    const read = { kind: 'read', list: 'books', searchTerm: 'lost tide', cursor: 'a+b' } as const
    const expected = { method: 'GET', path: '/api/rest/books?searchTerm=lost+tide&cursor=a%2Bb' }
    expect(ourRequests(read)).toEqual(expected)
    expect(theirRequests(['g1'])(read)).toEqual(expected)
    expect(ourRequests({ kind: 'read', list: 'users', searchTerm: '' })).toEqual({
      method: 'GET',
      path: '/api/rest/users',
    })
  })

  it('writes through each app’s own routes', () => {
    const book = { id: 'b/1', title: 'T', author: 'A' }
    expect(ourRequests({ kind: 'update-book', book })).toMatchObject({ method: 'PUT', path: '/api/rest/books/b%2F1' })
    expect(ourRequests({ kind: 'rename' })).toMatchObject({ method: 'POST', path: '/api/auth/update-user' })
    const theirs = theirRequests(['g1'])
    expect(theirs({ kind: 'create-book' })).toMatchObject({ method: 'POST', body: { genreId: 'g1' } })
    expect(theirs({ kind: 'update-book', book })).toMatchObject({ method: 'POST', path: '/api/rest/books/b%2F1' })
    expect(theirs({ kind: 'rename' })).toMatchObject({ method: 'POST', path: '/api/rest/account/info' })
    const titles = new Set(
      Array.from({ length: 100 }, () => (ourRequests({ kind: 'create-book' }).body as { title: string }).title),
    )
    expect(titles.size).toBe(100)
  })
})

describe('the session cookie', () => {
  it('is signed as better-auth signs it', async () => {
    const secret = 'bench-secret-bench-secret-bench-secret-0123'
    const token = 'a1B2c3-_token'
    const signature = await makeSignature(token, secret)
    expect(signedSessionCookie(token, secret)).toBe(
      `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
    )
  })
})

describe('the mixed report', () => {
  const run = (rps: number, p99: number) => ({
    rps,
    p50: p99 / 4,
    p99,
    requests: rps * 10,
    non2xx: 0,
    errors: 0,
    reads: rps * 9.5,
    writes: rps * 0.5,
    kinds: { 'books, first page, search': { count: rps, p50: p99 / 2, p99 }, rename: { count: 1, p50: 5, p99: 5 } },
    failures: [],
  })
  const report = {
    connections: 20,
    seconds: 10,
    rounds: 3,
    people: 100,
    admins: 20,
    loads: [9.1, 9.4, 9.0, 8.8, 8.7, 9.2],
    apps: [
      { app: 'this product', books: 1_000_000, runs: [run(900, 60), run(1000, 50), run(950, 80)] },
      { app: 'start-ui-web', books: 1_000_000, runs: [run(10, 3000), run(12, 2500), run(11, 2800)] },
    ],
  }
  const context = {
    date: '2026-11-27T00:00:00.000Z',
    machine: 'test',
    postgres: '15',
    loadAverage: { start: '9.00 / 9.00 / 9.00', end: '9.00 / 9.00 / 9.00' },
  }

  it('gives the medians of the rounds beside start-ui-web’s, and the ratio against the goal', () => {
    const markdown = mixedMarkdown(report, context)
    expect(markdown).toContain('| 1,000,000 | this product | 950 | 15.0 | 60.0 | 900–1,000 |')
    expect(markdown).toContain('| 1,000,000 | start-ui-web | 11 |')
    expect(markdown).toContain('86.4×')
    expect(markdown).toMatch(/goal ≥ 5× at p99 < 100 ms: met/)
    expect(markdown).toContain('a loaded machine')
    expect(markdown).toContain('| 1,000,000 | books, first page, search | 2,850: 30.0 / 60.0 | 33: 1400.0 / 2800.0 |')
  })

  it('puts each size’s ratio right under its two apps', () => {
    const markdown = mixedMarkdown(
      { ...report, apps: [...report.apps.map((app) => ({ ...app, books: 100_000 })), ...report.apps] },
      context,
    )
    const rows = markdown.split('\n').filter((line) => /^\| [\d,]+ \| (this|start)/.test(line))
    expect(rows.map((row) => row.split(' | ').slice(0, 2).join(' '))).toEqual([
      '| 100,000 this product',
      '| 100,000 start-ui-web',
      '| 100,000 this product ÷ start-ui-web',
      '| 1,000,000 this product',
      '| 1,000,000 start-ui-web',
      '| 1,000,000 this product ÷ start-ui-web',
    ])
  })

  it('lives in its own markers: the other figures stay when it is written alone', () => {
    const document = replaceReport('# Performance\n\nintro\n', 'BENCH')
    const withMixed = replaceMixedReport(document, mixedMarkdown(report, context))
    expect(withMixed).toContain('BENCH')
    const again = replaceMixedReport(withMixed, mixedMarkdown({ ...report, seconds: 5 }, context))
    expect(again.match(/bench:mixed:start/g)).toHaveLength(1)
    expect(again).toContain('BENCH')
    expect(again).toContain('rounds of 5 s')
    expect(replaceReport(again, 'NEW')).toContain('bench:mixed:start')
  })

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 99)).toBe(99)
  })
})
