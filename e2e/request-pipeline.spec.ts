import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { ADMIN_EMAIL, signIn, uniqueEmail, waitForHydration } from './support/sign-in'

// The request pipeline in front of every route (src/server/http, docs/decisions/012-request-pipeline.md).

/** Records every Content-Security-Policy violation of the page, from before its first script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...refused,
  ]
}

/** The hashes a kept page's policy allows its inline scripts by (src/server/fast-paths/page-cache.server.ts). */
function hashesOf(policy: string | undefined) {
  const scripts = /script-src ([^;]*)/.exec(policy ?? '')?.[1]?.split(' ') ?? []
  return scripts.at(-1) === "'strict-dynamic'" ? scripts.filter((source) => source.startsWith("'sha256-")) : []
}

test('/login runs under its CSP with no violation: theme script, i18n and the form work', async ({ page }) => {
  const violations = await watchCsp(page)
  const response = await page.goto('/login?lng=fr')
  const headers = response!.headers()
  expect(hashesOf(headers['content-security-policy']).length).toBeGreaterThan(0)
  expect(headers['content-security-policy']).not.toContain('unsafe-eval')
  expect(/script-src [^;]*/.exec(headers['content-security-policy']!)?.[0]).not.toContain('unsafe-inline')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['cache-control']).toBe('private, no-store')
  // The theme script ran (a class on <html>) and the page speaks French.
  await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByRole('button', { name: /Continuer avec l.e-mail/ }).click()
  // Checked by the page’s script, or by the server when the click beat it: the form posts to its own URL, ?lng= kept.
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/login\?lng=fr$/)
  expect(await violations()).toEqual([])
})

test('/login rendered once for anonymous visitors: each load gets the same bytes, runs and hydrates', async ({
  page,
}) => {
  const violations = await watchCsp(page)
  const pages = new Set<string>()
  const policies = new Set<string>()
  for (let load = 0; load < 3; load++) {
    const response = await page.goto('/login?lng=sw')
    policies.add(response!.headers()['content-security-policy']!)
    pages.add(await response!.text())
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
    await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/)
    // Not a user flow: that the kept bytes' scripts run under their hashes is what is checked, and hydration shows it.
    await waitForHydration(page)
  }
  expect(pages.size).toBe(1)
  expect(policies.size).toBe(1)
  expect([...pages][0]).not.toMatch(/\snonce="/)
  expect(await violations()).toEqual([])
})

test('a kept page whose inline script was changed on the way is refused: its hash is not in the policy', async ({
  page,
}) => {
  const violations = await watchCsp(page)
  await page.route('**/login?lng=ar', async (route) => {
    const response = await route.fetch()
    const html = await response.text()
    // The theme script (the first inline one) also marks the page; the other scripts stay as they were.
    const changed = html.replace(
      '<script>(function applyTheme',
      '<script>document.documentElement.dataset.changed="yes";(function applyTheme',
    )
    expect(changed).not.toBe(html)
    await route.fulfill({ response, body: changed })
  })
  await page.goto('/login?lng=ar')
  // Not a user flow: the unchanged scripts ran under the policy, which hydration shows.
  await waitForHydration(page)
  expect(await page.locator('html').getAttribute('data-changed')).toBeNull()
  await expectConsoleMessage(
    page,
    /Executing inline script violates the following Content Security Policy directive 'script-src /,
  )
  const refused = await violations()
  expect(refused.length).toBeGreaterThan(0)
  for (const violation of refused) expect(violation).toMatch(/script-src/)
})

test('/manager/books and /api/docs run under their CSP with no violation and stay interactive', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN_EMAIL)
  const violations = await watchCsp(page)
  await page.goto('/manager/books')
  await page.getByRole('searchbox').first().fill('zzz-no-such-book')
  await expect(page).toHaveURL(/searchTerm=zzz-no-such-book/)
  // A client-side navigation, with the router's own scripts.
  await page.getByRole('navigation', { name: 'Manager navigation' }).getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/manager\/users/)
  expect(await violations()).toEqual([])

  const docs = await context.newPage()
  const docsViolations = await watchCsp(docs)
  const answer = await docs.goto('/api/docs')
  expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(docs.locator('.opblock').first()).toBeVisible()
  await docs.locator('.opblock-summary-control').first().click()
  await expect(docs.getByRole('button', { name: 'Try it out' }).first()).toBeVisible()
  expect(await docsViolations()).toEqual([])
})

test('a page of another origin cannot frame the app', async ({ page, baseURL }) => {
  await page.route('http://localhost:3999/frame', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseURL}/login"></iframe>` }),
  )
  const login = await page.request.get('/login')
  expect(login.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(login.headers()['x-frame-options']).toBe('DENY')
  await page.goto('http://localhost:3999/frame')
  // The browser refused to show it: the frame holds its error page, not the app.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/)
})

test('the CSRF reproduction: a form post from another origin with an admin cookie is refused, nothing created', async ({
  page,
  baseURL,
}) => {
  await signIn(page, ADMIN_EMAIL)
  const victim = uniqueEmail('mallory')
  // A page of another origin of the same site (another port), auto-submitting a form.
  await page.route('http://localhost:3999/attack', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${baseURL}/api/rest/users" enctype="application/x-www-form-urlencoded">
        <input name="name" value="Mallory"><input name="email" value="${victim}"><input name="role" value="admin">
      </form><script>document.forms[0].submit()</script>`,
    }),
  )
  const answer = page.waitForResponse(`${baseURL}/api/rest/users`)
  await page.goto('http://localhost:3999/attack')
  const refused = await answer
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' })

  // The same with curl-like calls carrying the admin cookie (page.request shares the browser's cookies).
  const form = await page.request.post('/api/rest/users', {
    headers: { origin: 'http://localhost:3999', 'content-type': 'application/x-www-form-urlencoded' },
    data: `name=Mallory&email=${encodeURIComponent(victim)}&role=admin`,
  })
  expect(form.status()).toBe(403)
  const noOrigin = await page.request.post('/api/rest/users', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: `name=Mallory&email=${encodeURIComponent(victim)}&role=admin`,
  })
  expect(noOrigin.status()).toBe(415)
  const found = await page.request.get(`/api/rest/users?searchTerm=${encodeURIComponent(victim)}`)
  expect(found.status()).toBe(200)
  expect((await found.json()).items).toEqual([])

  // A script with the cookie and JSON, saying nothing of its origin (curl), still works.
  const created = await page.request.post('/api/rest/users', {
    data: { name: 'Curl', email: uniqueEmail('curl'), role: 'user' },
  })
  expect(created.status()).toBe(201)
})

test('refusals: a translated page for a page, JSON for the API, the right status', async ({ request }) => {
  const nul = await request.get('/manager/books?searchTerm=%00', { headers: { 'accept-language': 'fr' } })
  expect(nul.status()).toBe(400)
  expect(await nul.text()).toContain('La requête est mal formée.')
  const method = await request.fetch('/api/auth/get-session', { method: 'OPTIONS' })
  expect(method.status()).toBe(405)
  expect(method.headers()['allow']).toBe('GET, POST')
  const page = await request.delete('/about')
  expect(page.status()).toBe(405)
  expect(page.headers()['allow']).toBe('GET, HEAD')
  // A page whose form posts to it (decision 031) takes that post too, and nothing else.
  const form = await request.delete('/login')
  expect(form.status()).toBe(405)
  expect(form.headers()['allow']).toBe('GET, HEAD, POST')
  const notObject = await request.post('/api/auth/update-user', {
    headers: { 'content-type': 'application/json' },
    data: 'true',
  })
  expect(notObject.status()).toBe(400)
  const deep = await request.post('/api/auth/admin/create-user', {
    headers: { 'content-type': 'application/json' },
    data: `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
  })
  expect(deep.status()).toBe(400)
  const large = await request.post('/api/rest/books', { data: { title: 'x'.repeat(1_100_000) } })
  expect(large.status()).toBe(413)
  expect(await large.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  const long = await request.get(`/login?redirect=${'x'.repeat(5000)}`)
  expect(long.status()).toBe(414)
  const nulOtp = await request.post('/api/auth/sign-in/email-otp', {
    data: { email: 'a\u0000@example.com', otp: '123456' },
  })
  expect(nulOtp.status()).toBe(400)
})
