// Every state-changing door, asked from another origin or as a form: refused, and
// the database unchanged. The requests are well-formed and aimed at real records
// (a sandbox user and book, the attacker's own throwaway admin session), so that a
// request let through would show as a change, not only as a status.
//
// HTTP-level (Playwright `request`-free Node fetch, any header) against the built
// app, whose server entry runs the request pipeline; one attack also runs in
// Chromium, as a page of another origin of the same site auto-submitting a form.
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { Caller, roleOf, SEEDED_ADMIN, signInOverHttp } from './support/doors/accounts'
import { attackerSite } from './support/doors/attacker'
import { deriveRoutes } from './support/doors/derive'
import { type Answer, ask, json } from './support/doors/http'
import { authRequests, type DoorRequest, isStateChanging, procedureRequests } from './support/doors/requests'
import { readLoginCode } from './support/mailbox'

const readCode = (email: string, after: Date) => readLoginCode(email, { after })

test.describe.configure({ timeout: 240_000 })

interface Sandbox {
  base: string
  /** The seeded admin's cookie: only reads the database, never attacked. */
  observer: string
  /** The attacked admin (a throwaway), whose cookie every attack carries. */
  victim: Caller
  user: { id: string; email: string }
  book: { id: string }
  mallory: string
}

async function sandbox(base: string): Promise<Sandbox> {
  const observer = await signInOverHttp(base, SEEDED_ADMIN, readCode)
  const victim = new Caller('admin', base, readCode)
  await victim.cookie()
  const s: Sandbox = { base, observer, victim, user: { id: '', email: '' }, book: { id: '' }, mallory: '' }
  await renewTargets(s)
  return s
}

/** A new target user and book (and Mallory's address) for the attacks to aim at. */
async function renewTargets(s: Sandbox) {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const email = `doors-target-${tag}@example.com`
  const user = await json(s.base, 'POST', '/api/rest/users', { name: 'Doors Target', email, role: 'user' }, s.observer)
  expect(user.status, user.body).toBe(201)
  const book = await json(
    s.base,
    'POST',
    '/api/rest/books',
    { title: `Doors Target ${tag}`, author: 'Doors' },
    s.observer,
  )
  expect(book.status, book.body).toBe(201)
  s.user = { id: (JSON.parse(user.body) as { id: string }).id, email }
  s.book = { id: (JSON.parse(book.body) as { id: string }).id }
  s.mallory = `mallory-${tag}@evil.example`
}

/** What an attack could change, read by the observer. */
async function snapshot(s: Sandbox) {
  const read = async (path: string) => {
    const answer = await json(s.base, 'GET', path, undefined, s.observer)
    return `${answer.status} ${answer.body}`
  }
  return {
    users: await read('/api/rest/users?limit=1'),
    books: await read('/api/rest/books?limit=1'),
    target: await read(`/api/rest/users/${s.user.id}`),
    book: await read(`/api/rest/books/${s.book.id}`),
    mallory: await read(`/api/rest/users?searchTerm=${encodeURIComponent(s.mallory)}`),
    // The attacked admin's own session (sign-out, revoke, delete, impersonation).
    victim: await roleOf(s.base, (await s.victim.cookie())!),
  }
}

/** Field values aiming each door at the sandbox. */
function aim(s: Sandbox, door: string) {
  return {
    field: (name: string) => {
      if (name === 'id') return door.startsWith('book.') ? s.book.id : s.user.id
      if (name === 'userId') return s.user.id
      if (name === 'email' || name === 'newEmail') return s.mallory
      if (name === 'name') return 'Mallory'
      if (name === 'title') return `Mallory ${Date.now()}`
      if (name === 'role') return 'admin'
      return undefined
    },
  }
}

const FOREIGN = 'https://evil.example'

/** A flat form of a JSON value (objects inside as JSON text). */
function formFields(value: unknown): Array<[string, string]> {
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) =>
    item === undefined || item === null
      ? []
      : [[key, typeof item === 'object' ? JSON.stringify(item) : String(item)] as [string, string]],
  )
}

interface Attack {
  variant: string
  /** The answers that refuse it. */
  status: number[]
  headers: Record<string, string>
  body: string | URLSearchParams | FormData
}

/** The same request, as a cross-site page or a form could send it. */
function attacks(s: Sandbox, request: DoorRequest): Attack[] {
  const sibling = new URL(s.base)
  sibling.hostname = `attacker.${sibling.hostname}`
  const json = JSON.stringify(request.body ?? {})
  const isRpc = request.path.startsWith('/api/rpc/')
  const fields = formFields(isRpc ? (request.body as { json: unknown }).json : request.body)
  const multipart = new FormData()
  // The RPC protocol's own multipart form: the input as JSON in `data`.
  if (isRpc) multipart.set('data', json)
  else for (const [key, value] of fields) multipart.set(key, value)
  return [
    {
      variant: 'foreign Origin',
      status: [403],
      headers: { origin: FOREIGN, 'content-type': 'application/json' },
      body: json,
    },
    {
      variant: 'Sec-Fetch-Site: cross-site',
      status: [403],
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: json,
    },
    {
      variant: 'another origin of the same site',
      status: [403],
      headers: { origin: sibling.origin, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      body: json,
    },
    {
      variant: 'urlencoded form',
      status: [403, 415],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    },
    { variant: 'multipart form', status: [403, 415], headers: {}, body: multipart },
    { variant: 'text/plain', status: [403, 415], headers: { 'content-type': 'text/plain' }, body: json },
  ]
}

test('every state-changing route from another origin or as a form: refused, database unchanged', async ({
  baseURL,
}) => {
  const s = await sandbox(baseURL!)
  const routes = await deriveRoutes()
  // Built when their turn comes: aimed at the sandbox's records of that moment.
  const doors: Array<() => DoorRequest[]> = [
    ...routes.procedures.map((procedure) => () => procedureRequests(procedure, aim(s, procedure.name))),
    ...routes.authEndpoints.map(
      (endpoint) => () =>
        authRequests({ ...endpoint, methods: endpoint.methods.filter(isStateChanging) }, aim(s, endpoint.path)),
    ),
  ]
  const failures: string[] = []
  let count = 0
  let before = await snapshot(s)
  for (const door of doors) {
    const requestsOf = () => door().filter((r) => isStateChanging(r.method))
    let requests = requestsOf()
    for (let i = 0; i < requests.length; i++) {
      const request = requests[i]!
      count++
      for (const attack of attacks(s, request)) {
        const answer: Answer = await ask(s.base, {
          method: request.method,
          path: request.path,
          headers: attack.headers,
          body: attack.body,
          cookie: await s.victim.cookie(),
        })
        if (!attack.status.includes(answer.status)) {
          failures.push(
            `${request.method} ${request.path} (${attack.variant}): expected ${attack.status.join(' or ')}, got ${answer.status} ${answer.body.slice(0, 100)}`,
          )
        }
      }
      const after = await snapshot(s)
      const changed = Object.keys(after).filter(
        (key) => after[key as keyof typeof after] !== before[key as keyof typeof before],
      )
      if (changed.length > 0) {
        failures.push(`${request.method} ${request.path} changed: ${changed.join(', ')}`)
        // Fresh targets, so that the next request's change shows too.
        await renewTargets(s)
        requests = requestsOf()
      }
      await s.victim.cookie(true)
      before = changed.length > 0 ? await snapshot(s) : after
    }
  }
  expect(count).toBeGreaterThan(40)
  if (failures.length > 0) console.log(failures.join('\n'))
  expect(failures).toEqual([])
})

test('the CSRF reproduction: a same-site page posting /api/rest/users as a form with an admin cookie is refused, no user created', async ({
  baseURL,
}) => {
  const s = await sandbox(baseURL!)
  const sibling = new URL(s.base)
  sibling.port = String(Number(sibling.port) + 1)
  const answer = await ask(s.base, {
    method: 'POST',
    path: '/api/rest/users',
    cookie: await s.victim.cookie(),
    headers: {
      origin: sibling.origin,
      'sec-fetch-site': 'same-site',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ name: 'Mallory', email: s.mallory, role: 'admin' }),
  })
  expect(answer.status, answer.body).toBe(403)
  // With curl: no Origin, no Sec-Fetch-*, a form: refused for its content type.
  const curl = await ask(s.base, {
    method: 'POST',
    path: '/api/rest/users',
    cookie: await s.victim.cookie(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Mallory', email: s.mallory, role: 'admin' }),
  })
  expect(curl.status, curl.body).toBe(415)
  await expectNoUser(s, s.mallory)
})

test('the CSRF reproduction over RPC: multipart posts from another origin neither delete a book nor promote a user', async ({
  baseURL,
}) => {
  const s = await sandbox(baseURL!)
  const before = await snapshot(s)
  const multipart = (input: unknown) => {
    const form = new FormData()
    form.set('data', JSON.stringify({ json: input }))
    return form
  }
  const headers = { origin: FOREIGN, 'sec-fetch-site': 'cross-site' }
  const deleted = await ask(s.base, {
    method: 'POST',
    path: '/api/rpc/book/delete',
    headers,
    body: multipart({ id: s.book.id }),
    cookie: await s.victim.cookie(),
  })
  const promoted = await ask(s.base, {
    method: 'POST',
    path: '/api/rpc/user/setRole',
    headers,
    body: multipart({ id: s.user.id, role: 'admin' }),
    cookie: await s.victim.cookie(),
  })
  expect(deleted.status, deleted.body).toBe(403)
  expect(promoted.status, promoted.body).toBe(403)
  const after = await snapshot(s)
  expect(after.book).toBe(before.book)
  expect(after.target).toBe(before.target)
})

test('in Chromium, a page of another origin of the same site auto-submitting a form to /api/rest/users is refused', async ({
  browser,
  baseURL,
}) => {
  const s = await sandbox(baseURL!)
  const attacker = await attackerSite(`<form method="post" action="${s.base}/api/rest/users">
      <input name="name" value="Mallory"><input name="email" value="${s.mallory}"><input name="role" value="admin">
    </form><script>document.forms[0].submit()</script>`)
  const context = await browser.newContext()
  try {
    const [name, value] = (await s.victim.cookie())!.split(/=(.*)/s) as [string, string]
    await context.addCookies([{ name, value, url: s.base, httpOnly: true, sameSite: 'Lax' }])
    const page: Page = await context.newPage()
    const posted = page.waitForResponse((response) => response.url() === `${s.base}/api/rest/users`)
    await page.goto(`${attacker.origin}/prize`)
    const answer = await posted
    // The browser did send the admin's cookie: only the server can refuse.
    expect((await answer.request().allHeaders())['cookie']).toContain(name)
    expect(answer.status()).toBe(403)
  } finally {
    await context.close()
    await attacker.close()
  }
  await expectNoUser(s, s.mallory)
})

async function expectNoUser(s: Sandbox, email: string) {
  const found = await json(
    s.base,
    'GET',
    `/api/rest/users?searchTerm=${encodeURIComponent(email)}`,
    undefined,
    s.observer,
  )
  expect(found.status).toBe(200)
  expect((JSON.parse(found.body) as { items: unknown[] }).items).toEqual([])
}
