// The security headers on a page, an API answer and /api/docs; every page under its
// Content-Security-Policy in Chromium with no violation; no framing from elsewhere.
// Headers are read over HTTP; the policy's effect only shows in a real browser.
import { createHash } from 'node:crypto'

import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { type Role, ROLES, SEEDED_ADMIN, SEEDED_USER, signInOverHttp } from './support/doors/accounts'
import { attackerSite } from './support/doors/attacker'
import { deriveRoutes } from './support/doors/derive'
import { pageExpectations } from './support/doors/expectations'
import { ask, fillPath, json } from './support/doors/http'
import { readLoginCode } from './support/mailbox'

const readCode = (email: string, after: Date) => readLoginCode(email, { after })

test.describe.configure({ timeout: 180_000 })

/** The directives of a policy: `script-src` → its sources. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  )
}

function expectCommonHeaders(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(headers.get('permissions-policy'), what).toBeTruthy()
  expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin')
  // BASE_URL is http here: no HSTS (it would pin a plain-http host to https).
  expect(headers.get('strict-transport-security'), what).toBeNull()
}

/** A script policy without inline or eval escapes. */
function expectStrictScripts(policy: Map<string, string[]>, what: string) {
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? []
  expect(scripts.length, `${what}: script-src`).toBeGreaterThan(0)
  expect(scripts, what).not.toContain("'unsafe-inline'")
  expect(scripts, what).not.toContain("'unsafe-eval'")
  expect(policy.get('object-src'), what).toEqual(["'none'"])
  expect(policy.get('base-uri'), what).toEqual(["'none'"])
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"])
}

test('a page: a strict policy with a fresh nonce that every script of the page carries, and the other headers', async ({
  baseURL,
}) => {
  // With a session cookie (not a valid one) /login is rendered, not kept: kept pages are allowed by hashes (the next test).
  const path = '/login'
  const cookie = 'better-auth.session_token=not-a-session'
  const first = await ask(baseURL!, { method: 'GET', path, cookie })
  const second = await ask(baseURL!, { method: 'GET', path, cookie })
  expect(first.status).toBe(200)
  expectCommonHeaders(first.headers, `GET ${path}`)
  const policy = directives(first.headers.get('content-security-policy'))
  expectStrictScripts(policy, `GET ${path}`)
  expect(policy.get('form-action')).toEqual(["'self'"])
  const scripts = policy.get('script-src')!
  expect(scripts).toContain("'strict-dynamic'")
  const nonce = scripts.map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1]).find(Boolean)
  expect(nonce, 'a nonce in script-src').toBeTruthy()
  expect(nonce!.length).toBeGreaterThanOrEqual(16)
  const again = directives(second.headers.get('content-security-policy')).get('script-src')!
  expect(again.find((source) => source.startsWith("'nonce-"))).not.toBe(`'nonce-${nonce}'`)
  // Every script element of the page (the framework's own included) carries it.
  const tags = first.body.match(/<script\b[^>]*>/g) ?? []
  expect(tags.length).toBeGreaterThan(0)
  for (const tag of tags) expect(tag, tag).toContain(`nonce="${nonce}"`)
})

test('a kept page (/login, /about): the same bytes at every answer, allowed by the hash of each of its inline scripts', async ({
  baseURL,
}) => {
  for (const path of ['/login', '/about']) {
    const answers = [] as Awaited<ReturnType<typeof ask>>[]
    for (let index = 0; index < 3; index++) answers.push(await ask(baseURL!, { method: 'GET', path }))
    const [first] = answers as [Awaited<ReturnType<typeof ask>>]
    expect(first.status).toBe(200)
    expectCommonHeaders(first.headers, `GET ${path}`)
    const policy = directives(first.headers.get('content-security-policy'))
    expectStrictScripts(policy, `GET ${path}`)
    const scripts = policy.get('script-src')!
    expect(scripts).toContain("'strict-dynamic'")
    expect(scripts.filter((source) => source.startsWith("'nonce-"))).toEqual([])
    for (const answer of answers.slice(1)) {
      expect(answer.body).toBe(first.body)
      expect(answer.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
    }
    // Every script is inline, carries no nonce, and its SHA-256 is in the policy; the policy names no other.
    const inline = [...first.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(inline.length).toBeGreaterThan(0)
    const hashes = new Set(
      inline.map(([, attributes, text]) => {
        expect(attributes, path).not.toMatch(/\b(src|nonce)=/)
        return `'sha256-${createHash('sha256').update(text!).digest('base64')}'`
      }),
    )
    expect(new Set(scripts.filter((source) => source.startsWith("'sha256-")))).toEqual(hashes)
  }
})

test('an answer that depends on the session is private and not stored; hashed assets stay immutable', async ({
  baseURL,
}) => {
  const cookie = await signInOverHttp(baseURL!, SEEDED_USER, readCode)
  const api = await json(baseURL!, 'GET', '/api/rest/books?limit=1', undefined, cookie)
  expect(api.status).toBe(200)
  expectCommonHeaders(api.headers, 'GET /api/rest/books')
  expect(api.headers.get('cache-control')).toMatch(/private/)
  expect(api.headers.get('cache-control')).toMatch(/no-store/)
  const page = await ask(baseURL!, { method: 'GET', path: '/app', cookie })
  expect(page.status).toBe(200)
  expect(page.headers.get('cache-control')).toMatch(/private/)
  expect(page.headers.get('cache-control')).toMatch(/no-store/)
  // A module the page loads (named by its inline loader: src/server/fast-paths/paint-first.server.ts).
  const asset = /(\/assets\/[\w~.-]+\.js)/.exec(page.body)?.[1]
  expect(asset, 'a hashed script on the page').toBeTruthy()
  const file = await ask(baseURL!, { method: 'GET', path: asset! })
  expect(file.status).toBe(200)
  expect(file.headers.get('cache-control')).toMatch(/immutable/)
  expect(file.headers.get('x-content-type-options')).toBe('nosniff')
})

test('/api/docs: the policy its page needs, no inline or eval scripts', async ({ baseURL }) => {
  const docs = await ask(baseURL!, { method: 'GET', path: '/api/docs' })
  expect(docs.status).toBe(200)
  expectCommonHeaders(docs.headers, 'GET /api/docs')
  expectStrictScripts(directives(docs.headers.get('content-security-policy')), 'GET /api/docs')
})

test('every page loads in Chromium with no CSP violation and becomes interactive', async ({ browser, baseURL }) => {
  const routes = await deriveRoutes()
  const cookies: Record<Role, string | undefined> = {
    anonymous: undefined,
    user: await signInOverHttp(baseURL!, SEEDED_USER, readCode),
    admin: await signInOverHttp(baseURL!, SEEDED_ADMIN, readCode),
  }
  const observer = cookies.admin!
  const books = await json(baseURL!, 'GET', '/api/rest/books?limit=1', undefined, observer)
  const users = await json(
    baseURL!,
    'GET',
    `/api/rest/users?searchTerm=${encodeURIComponent(SEEDED_USER)}`,
    undefined,
    observer,
  )
  const firstId = (body: string) => (JSON.parse(body) as { items: Array<{ id: string }> }).items[0]!.id
  const ids: Record<string, string> = { books: firstId(books.body), users: firstId(users.body) }

  const failures: string[] = []
  for (const route of routes.pages) {
    const expectation = pageExpectations[route.path]
    // Each page as a role it renders for (the admin first: the widest view).
    const role = [...ROLES].reverse().find((r) => expectation?.access[r] === 'ok')
    if (!expectation || !role) continue
    const path =
      fillPath(route.path, (name) => ids[route.path.split('/')[route.path.split('/').indexOf(`$${name}`) - 1]!]!) +
      (expectation.search ?? '')
    const context = await browser.newContext()
    try {
      const cookie = cookies[role]
      if (cookie) {
        const [name, value] = cookie.split(/=(.*)/s) as [string, string]
        await context.addCookies([{ name, value, url: baseURL! }])
      }
      const page = await context.newPage()
      const found = await visit(page, path)
      failures.push(...found.map((problem) => `${role} ${path}: ${problem}`))
    } finally {
      await context.close()
    }
  }
  expect(failures).toEqual([])
})

/** Problems of one page: no policy, a violation, a script error, or no hydration. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems: string[] = []
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = [])
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
      problems.push(`console: ${message.text()}`)
  })
  const response = await page.goto(path)
  if (!response?.headers()['content-security-policy']) problems.push('no Content-Security-Policy header')
  try {
    // Interactive: React has hydrated the page's first control.
    await page.waitForFunction(
      () => {
        const control = document.querySelector('main a, main button, main input, a, button, input')
        return !!control && Object.keys(control).some((key) => key.startsWith('__reactProps'))
      },
      undefined,
      { timeout: 15_000 },
    )
  } catch {
    problems.push('not hydrated within 15 s')
  }
  await page.waitForLoadState('networkidle').catch(() => undefined)
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  )
  problems.push(...violations.map((violation) => `CSP violation: ${violation}`))
  return problems
}

test('a frame of /login on another origin is blocked', async ({ page, baseURL }) => {
  const attacker = await attackerSite(`<iframe src="${baseURL}/login" width="800" height="600"></iframe>`)
  try {
    const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame !== page.mainFrame() })
    await page.goto(`${attacker.origin}/frame`)
    const frame = await navigated
    await frame.waitForLoadState('load').catch(() => undefined)
    // Blocked: the frame holds Chromium's error page, not the login form.
    await expect(frame.getByLabel('Email')).toHaveCount(0, { timeout: 3000 })
    expect(frame.url()).not.toBe(`${baseURL}/login`)
    // The browser says why, on the attacker's page.
    await expectConsoleMessage(
      page,
      /violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    )
  } finally {
    await attacker.close()
  }
  const login = await ask(baseURL!, { method: 'GET', path: '/login' })
  expect(directives(login.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"])
})
