// Every door × signed out, user, admin: the outcome the permission matrix says.
//
// HTTP-level walks against the production build (Playwright, no browser): the
// request pipeline lives in the server entry (src/server.ts), which only a built
// server runs, so an in-process vitest could not see what a client sees. The route
// list is derived from the code (e2e/support/doors/derive.ts) and every route must
// have a line in e2e/support/doors/expectations.ts.
import { expect, test } from './support/console'
import { Caller, type Role, ROLES, SEEDED_ADMIN, SEEDED_USER, signInOverHttp } from './support/doors/accounts'
import { deriveRoutes } from './support/doors/derive'
import {
  authEndpointExpectations,
  missingExpectations,
  pageExpectations,
  procedureExpectations,
  serverRouteExpectations,
  staleExpectations,
} from './support/doors/expectations'
import { ask, fillPath, json } from './support/doors/http'
import { judge } from './support/doors/judge'
import { authRequests, type DoorRequest, isStateChanging, procedureRequests } from './support/doors/requests'
import { readLoginCode } from './support/mailbox'

const readCode = (email: string, after: Date) => readLoginCode(email, { after })

test.describe.configure({ timeout: 180_000 })

test('every route derived from the code has an expectation', async () => {
  const routes = await deriveRoutes()
  // Sanity: the derivation found each kind of door.
  expect(routes.pages.length).toBeGreaterThan(10)
  expect(routes.procedures.length).toBeGreaterThan(10)
  expect(routes.authEndpoints.length).toBeGreaterThan(30)
  const stale = staleExpectations(routes)
  if (stale.length > 0) test.info().annotations.push({ type: 'stale expectations', description: stale.join(', ') })
  expect(missingExpectations(routes), 'routes without a line in e2e/support/doors/expectations.ts').toEqual([])
})

test('every page × signed out, user, admin', async ({ baseURL }) => {
  const routes = await deriveRoutes()
  // Pages are only read here: the seeded accounts (onboarded) are safe to use.
  const cookies: Record<Role, string | undefined> = {
    anonymous: undefined,
    user: await signInOverHttp(baseURL!, SEEDED_USER, readCode),
    admin: await signInOverHttp(baseURL!, SEEDED_ADMIN, readCode),
  }
  const ids = await realIds(baseURL!, cookies.admin!)
  const failures: string[] = []
  for (const page of routes.pages) {
    const expectation = pageExpectations[page.path]
    if (!expectation) continue // reported by the first test
    const path = fillPath(page.path, (name) => idFor(ids, page.path, name)) + (expectation.search ?? '')
    for (const role of ROLES) {
      const answer = await ask(baseURL!, {
        method: 'GET',
        path,
        cookie: cookies[role],
        headers: { accept: 'text/html' },
      })
      const failure = judge('page', expectation.access[role], answer)
      if (failure) failures.push(`${role}: ${failure}`)
    }
  }
  expect(failures).toEqual([])
})

test('every server route, procedure (RPC and REST) and auth endpoint × signed out, user, admin', async ({
  baseURL,
}) => {
  const routes = await deriveRoutes()
  const callers = Object.fromEntries(ROLES.map((role) => [role, new Caller(role, baseURL!, readCode)])) as Record<
    Role,
    Caller
  >
  // Placeholder ids: an allowed caller gets 400 or 404, never a change to a real record.
  const options = { field: (name: string) => (/id$/i.test(name) || name === 'token' ? 'doors-missing' : undefined) }
  const doors: Array<{ request: DoorRequest; access: Record<Role, string> }> = []
  for (const route of routes.serverRoutes) {
    const access = serverRouteExpectations[route.path]
    if (!access || typeof access === 'string') continue
    for (const method of route.methods) doors.push({ request: { door: route.path, method, path: route.path }, access })
  }
  for (const procedure of routes.procedures) {
    const access = procedureExpectations[procedure.name]
    if (access) for (const request of procedureRequests(procedure, options)) doors.push({ request, access })
  }
  for (const endpoint of routes.authEndpoints) {
    const access = authEndpointExpectations[endpoint.path]
    if (access) for (const request of authRequests(endpoint, options)) doors.push({ request, access })
  }
  const failures: string[] = []
  for (const role of ROLES) {
    for (const { request, access } of doors) {
      const answer = await json(baseURL!, request.method, request.path, request.body, await callers[role].cookie())
      const failure = judge('api', access[role] as never, answer)
      if (failure) failures.push(`${role}: ${failure}`)
      // A write may have ended the caller's session (sign-out, revoke, delete): check, and sign in again.
      if (isStateChanging(request.method)) await callers[role].cookie(true)
    }
  }
  expect(failures).toEqual([])
})

test('a method a route does not serve: 405 with Allow', async ({ baseURL }) => {
  const routes = await deriveRoutes()
  const failures: string[] = []
  const check = async (path: string, method: string, allowed: string[]) => {
    const answer = await json(baseURL!, method, path, method === 'GET' ? undefined : {})
    const allow = (answer.headers.get('allow') ?? '').toUpperCase()
    const missing = allowed.filter((m) => !allow.includes(m))
    if (answer.status !== 405 || missing.length > 0) {
      failures.push(
        `${method} ${path}: expected 405 with Allow ${allowed.join(', ')}, got ${answer.status} Allow '${allow}'`,
      )
    }
  }
  for (const page of routes.pages.filter((p) => p.path === '/login' || p.path === '/app')) {
    for (const method of ['PUT', 'DELETE', 'PATCH']) await check(page.path, method, ['GET'])
  }
  for (const route of routes.serverRoutes.filter((r) => typeof serverRouteExpectations[r.path] === 'object')) {
    for (const method of ['POST', 'PUT', 'DELETE'].filter((m) => !route.methods.includes(m)))
      await check(route.path, method, route.methods)
  }
  // REST: a path served for some methods only.
  const byPath = new Map<string, string[]>()
  for (const p of routes.procedures) byPath.set(p.restPath, [...(byPath.get(p.restPath) ?? []), p.method])
  for (const [template, methods] of byPath) {
    const path = fillPath(template, () => 'doors-missing')
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !methods.includes(m)))
      await check(path, method, methods)
  }
  for (const endpoint of routes.authEndpoints.filter((e) => !e.path.includes(':') && !e.methods.includes('*'))) {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'].filter((m) => !endpoint.methods.includes(m)))
      await check(endpoint.path, method, endpoint.methods)
    await check(endpoint.path, 'OPTIONS', endpoint.methods)
  }
  expect(failures).toEqual([])
})

interface RealIds {
  book: string
  user: string
}

/** A real book and user, so that pages of one record render it. */
async function realIds(baseURL: string, adminCookie: string): Promise<RealIds> {
  const books = await json(baseURL, 'GET', '/api/rest/books?limit=1', undefined, adminCookie)
  const users = await json(
    baseURL,
    'GET',
    `/api/rest/users?searchTerm=${encodeURIComponent(SEEDED_USER)}`,
    undefined,
    adminCookie,
  )
  expect(books.status, books.body).toBe(200)
  expect(users.status, users.body).toBe(200)
  const first = (answer: { body: string }) => (JSON.parse(answer.body) as { items: Array<{ id: string }> }).items[0]!.id
  return { book: first(books), user: first(users) }
}

/** The record a page's `$id` stands for: the segment before it names the collection. */
function idFor(ids: RealIds, template: string, name: string): string {
  const before = template.split('/')[template.split('/').indexOf(`$${name}`) - 1]
  if (before === 'books') return ids.book
  if (before === 'users') return ids.user
  throw new Error(`no record for $${name} in ${template}: add one to idFor`)
}
