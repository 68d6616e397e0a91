import { expect, test } from '@playwright/test'

import { ADMIN_EMAIL, signIn } from './support/sign-in'

const RATING = /Good|Needs improvement|Poor/

test('a visitor’s page reports its Core Web Vitals as it is left, and an admin sees its route on the dashboard', async ({
  browser,
  page,
}) => {
  // A visitor reads /about and scrolls a little: the first touch loads the measuring code.
  const visitor = await browser.newPage()
  await visitor.goto('/about')
  const measuring = visitor.waitForResponse(/\/web-vitals-report-[\w-]+\.js$/)
  await visitor.getByRole('heading', { level: 1 }).click()
  await measuring
  await visitor.keyboard.press('End')

  // Leaving the page hides it: the report goes as a beacon, under the route's template.
  const sent = visitor.waitForRequest((request) => request.url().endsWith('/api/rest/vitals'))
  await visitor.goto('/login')
  const report = (await sent).postDataJSON() as { route: string; metrics: Array<{ name: string; value: number }> }
  expect(report.route).toBe('/about')
  expect(report.metrics.map((metric) => metric.name)).toEqual(expect.arrayContaining(['LCP', 'CLS']))
  await visitor.close()

  // The admin's dashboard: /about's p75 with its rating written out, not only coloured.
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
  const vitals = page.getByRole('region', { name: 'Core Web Vitals' })
  await expect(async () => {
    await page.reload()
    await expect(vitals.getByRole('rowheader', { name: '/about', exact: true })).toBeVisible({ timeout: 1000 })
  }).toPass()
  const row = vitals.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '/about', exact: true }) })
  const lcp = row.getByRole('cell').nth(0)
  await expect(lcp).toContainText(RATING)
  await expect(lcp).toContainText(/\d+ ms|\d+(\.\d)? s/)
  await expect(vitals.getByRole('columnheader', { name: 'Loading (LCP)' })).toBeVisible()
})

test('a page loaded with a route parameter reports under its template, never its address', async ({ browser }) => {
  const admin = await browser.newPage()
  await signIn(admin, ADMIN_EMAIL)
  await admin.goto('/manager/books')
  const href = await admin.locator('a[href^="/manager/books/"]:not([href$="/new"])').first().getAttribute('href')
  await admin.goto(href!)
  const measuring = admin.waitForResponse(/\/web-vitals-report-[\w-]+\.js$/)
  await admin.getByRole('heading', { level: 1 }).click()
  await measuring
  const sent = admin.waitForRequest((request) => request.url().endsWith('/api/rest/vitals'))
  await admin.goto('/manager/dashboard')
  expect(((await sent).postDataJSON() as { route: string }).route).toBe('/manager/books/$id')
  await admin.close()
})
