import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'

const RATING = /Good|Needs improvement|Poor/
const MEASURING_CODE = /\/web-vitals-report-[\w-]+\.js$/.source

interface Summary {
  rows: Array<{ route: string; metric: string; p75: number; samples: number }>
}

/**
 * Reads the page, then touches its heading (before the page's script has run, too: the page then
 * starts at hydration, vitals-reporter.tsx). Reading comes first because Chromium records no
 * loading measure (LCP) after a page's first input: a touch before the browser has recorded its
 * largest paint leaves the page none to report, whoever measures (in one CI run /about was
 * reported with INP and CLS but no LCP, as such a touch leaves it). The first touch loads the
 * measuring code; only that script can measure, so this waits until the browser has it, read from
 * the page's own resource timing (whenever it was asked for: a wait for its response, set after
 * the page's load, missed a script asked for before).
 */
async function readAndTouch(page: Page) {
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeVisible()
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver(() => resolve()).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  )
  await heading.click()
  await expect
    .poll(
      () =>
        page.evaluate(
          (pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
          MEASURING_CODE,
        ),
      // Hydration, on a busy machine, comes seconds after the touch.
      { timeout: 15_000 },
    )
    .toBe(true)
}

test('a visitor’s page reports its Core Web Vitals as it is left, and an admin sees its route on the dashboard', async ({
  browser,
  page,
}) => {
  // A visitor reads /about, then goes to another page: leaving sends the report.
  const visitor = await browser.newPage()
  await visitor.goto('/about')
  await readAndTouch(visitor)
  await visitor.goto('/login')
  await visitor.close()

  // The admin's dashboard: /about's p75 with its rating written out, not only coloured.
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
  const vitals = page.getByRole('region', { name: 'Core Web Vitals' })
  const about = vitals.getByRole('rowheader', { name: '/about', exact: true })
  await expect(async () => {
    await page.reload()
    await expect(about).toBeVisible({ timeout: 1000 })
  }).toPass()
  await expect(vitals.getByRole('columnheader', { name: 'Loading (LCP)' })).toBeVisible()
  const row = vitals.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '/about', exact: true }) })
  const lcp = row.getByRole('cell').first()
  await expect(lcp).toContainText(RATING)
  await expect(lcp).toContainText(/\d+ ms|\d+(\.\d)? s/)
})

test('a page loaded with a route parameter reports under its template, never its address', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/books')
  const hrefs = await page
    .locator('a[href^="/manager/books/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  const href = hrefs.find((path) => /^\/manager\/books\/(?!new$)[^/]+$/.test(path))!
  const id = href.split('/').at(-1)!
  await page.goto(href)
  await readAndTouch(page)
  await page.goto('/manager/dashboard')

  const summary = async () => ((await (await page.request.get('/api/rest/vitals')).json()) as Summary).rows
  await expect.poll(async () => (await summary()).map((row) => row.route)).toContain('/manager/books/$id')
  expect((await summary()).filter((row) => row.route.includes(id))).toEqual([])
})
