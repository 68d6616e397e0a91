// Page weight budgets (issue 14): the JS+CSS each route loads in Chromium,
// gzipped at a fixed level, may not exceed budgets.json. Deterministic: the
// figure depends on the build only. `npm run bench:weight`
// lists the files behind a figure.
import type { Browser } from '@playwright/test'

import { expect, test } from './support/console'
import { kb, readBudgets, WEIGHED_ROUTES, weighPage } from './support/page-weight'
import { signIn } from './support/sign-in'

/** A page of a fresh context (an empty cache), signed in as `email` when given. */
async function freshPage(browser: Browser, baseURL: string, email: string | null) {
  let storageState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>> | undefined
  if (email) {
    const context = await browser.newContext({ baseURL })
    await signIn(await context.newPage(), email)
    storageState = await context.storageState()
    await context.close()
  }
  const context = await browser.newContext({ baseURL, storageState })
  return { page: await context.newPage(), close: () => context.close() }
}

const budgets = readBudgets()

for (const route of WEIGHED_ROUTES) {
  test(`${route.path} loads at most ${budgets[route.path]} KB of JS+CSS (gzip)`, async ({ browser, baseURL }) => {
    const { page, close } = await freshPage(browser, baseURL!, route.as)
    try {
      const weight = await weighPage(page, route.path)
      const listing = weight.files.map((file) => `${kb(file.bytes)} KB ${file.path}`).join('\n')
      expect(weight.files.length, 'JS and CSS files loaded').toBeGreaterThan(0)
      expect(
        kb(weight.totalBytes),
        `${route.path} weighs more than its budget (budgets.json):\n${listing}`,
      ).toBeLessThanOrEqual(budgets[route.path])
    } finally {
      await close()
    }
  })
}

test('the login page loads no dialog, drawer, toaster, auth client, form or schema library code', async ({ page }) => {
  const loaded: string[] = []
  page.on('response', (response) => loaded.push(new URL(response.url()).pathname))
  await page.goto('/login', { waitUntil: 'networkidle' })
  const bodies = await Promise.all(
    loaded
      .filter((path) => path.endsWith('.js'))
      .map((path) => page.request.get(path).then((response) => response.text())),
  )
  const code = bodies.join('\n')
  // Markers of each library's code (strings its minified build keeps).
  for (const [library, marker] of [
    ['sonner (toaster)', 'data-sonner-toaster'],
    ['vaul (drawer)', 'data-vaul-drawer'],
    ['Radix dialog', 'DialogContent'],
    ['react-hook-form', 'shouldUnregister'],
    ['zod', 'ZodError'],
    ['better-auth client', '$sessionSignal'],
  ] as const) {
    expect(code.includes(marker), `${library} is loaded by /login`).toBe(false)
  }
})
