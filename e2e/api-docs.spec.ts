import type { BrowserContext } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'

/** Refuses every request that leaves this machine; returns the refused URLs. */
async function offline(context: BrowserContext): Promise<string[]> {
  const refused: string[] = []
  await context.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => {
      refused.push(route.request().url())
      return route.abort('internetdisconnected')
    },
  )
  return refused
}

test('the sidebar opens the API reference, served by the app itself, for both APIs', async ({ page, context }) => {
  const refused = await offline(context)
  const errors: string[] = []
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)

  const [docs] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('navigation', { name: 'Manager navigation' })
      .getByRole('link', { name: /API Documentation/ })
      .click(),
  ])
  docs.on('pageerror', (error) => errors.push(error.message))
  await expect(docs).toHaveURL(/\/api\/docs$/)
  await expect(docs).toHaveTitle('API Documentation · Start Books')

  // The application API: its operations, tried out with the admin's session cookie.
  const definition = docs.getByLabel('Select a definition')
  await expect(definition).toHaveValue('/api/openapi.json')
  const dashboard = docs.locator('.opblock').filter({ has: docs.locator('[data-path="/dashboard"]') })
  await expect(dashboard).toBeVisible()
  await expect(docs.locator('[data-path="/genres"]')).toBeVisible()
  await dashboard.locator('.opblock-summary-control').click()
  await dashboard.getByRole('button', { name: 'Try it out' }).click()
  await dashboard.getByRole('button', { name: 'Execute' }).click()
  await expect(dashboard.locator('.live-responses-table tbody .response-col_status')).toHaveText('200')

  // The auth API, through the selector.
  await definition.selectOption({ label: 'Auth API' })
  await expect(docs.locator('[data-path="/sign-in/email-otp"]').first()).toBeVisible()
  await expect(docs.locator('[data-path="/get-session"]').first()).toBeVisible()

  expect(refused).toEqual([])
  expect(errors).toEqual([])
})

test('the reference and both documents are public; the app API still needs a session', async ({ request }) => {
  const page = await request.get('/api/docs')
  expect(page.status()).toBe(200)
  expect(page.headers()['content-type']).toContain('text/html')
  const html = await page.text()
  // No inline script: the initialiser is a file, the config a JSON data block.
  expect(html).not.toMatch(/<script>|<script (?!src=|id="api-docs-config" type="application\/json")/)
  for (const asset of [
    '/api/docs/swagger-ui/swagger-ui-bundle.js',
    '/api/docs/swagger-ui/swagger-ui.css',
    '/api/docs/init.js',
  ]) {
    expect(html).toContain(asset)
    expect((await request.get(asset)).status(), asset).toBe(200)
  }
  const app = await request.get('/api/openapi.json')
  expect(await app.json()).toMatchObject({
    openapi: expect.stringMatching(/^3\./),
    servers: [{ url: '/api/rest' }],
    paths: { '/dashboard': { get: expect.anything() } },
  })
  const auth = await request.get('/api/auth/open-api/generate-schema')
  expect(await auth.json()).toMatchObject({ paths: { '/sign-in/email-otp': { post: expect.anything() } } })
  expect((await request.get('/api/rest/dashboard')).status()).toBe(401)
})
