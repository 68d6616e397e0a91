// Issue 15: the last details of the specification, as a user meets them.
import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { ADMIN_EMAIL, requestCode, signIn, submitCode, USER_EMAIL, waitForHydration } from './support/sign-in'
import { openUserAsAdmin } from './support/users'

const PHONE = { width: 375, height: 740 }

test.describe('a language chosen with ?lng=', () => {
  // No script runs: only the server's answer can remember the choice.
  test.use({ javaScriptEnabled: false })

  test('is remembered by the response, so the next first HTML is already in it', async ({ page }) => {
    const first = await page.goto('/login?lng=sw')
    // allHeaders(): headers() leaves cookies out.
    const cookie = (await first!.allHeaders())['set-cookie'] ?? ''
    expect(cookie).toContain('i18next=sw')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain(`Max-Age=${43200 * 60}`)
    expect(cookie).toContain('SameSite=Lax')

    const next = await page.goto('/login')
    const html = await next!.text()
    expect(html).toContain('<html lang="sw"')
    expect(html).toContain('Endelea kwa barua pepe')
    expect(html).not.toContain('Continue with email')
  })
})

test.describe('unknown book ids', () => {
  const appNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).first()
  const managerNav = (page: Page) => page.getByRole('navigation', { name: 'Manager navigation' }).first()

  test("the area's 404 inside its layout, 'Go home' to the area's home", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    const cases = [
      { path: '/app/books/no-such-book', nav: appNav, home: '/app' },
      { path: '/manager/books/no-such-book', nav: managerNav, home: '/manager' },
      { path: '/manager/books/no-such-book/update', nav: managerNav, home: '/manager' },
    ]
    for (const { path, nav, home } of cases) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
      await expect(nav(page)).toBeVisible()
      await expect(page.getByRole('main').getByRole('link', { name: 'Go home' })).toHaveAttribute('href', home)
    }
  })
})

test.describe('the app catalogue on a phone', () => {
  test.use({ viewport: PHONE })
  const search = (page: Page) => page.getByRole('searchbox', { name: 'Search books' })
  const cards = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('link')

  test('searches by title and author, bound to searchTerm, with the counters', async ({ page }) => {
    await signIn(page, USER_EMAIL)
    await page.goto('/app/books')
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()

    await search(page).fill('harbor')
    await expect(page).toHaveURL(/\/app\/books\?searchTerm=harbor$/)
    await expect(page.getByText(/^\d+ results? for “harbor”$/)).toBeVisible()
    expect(await cards(page).count()).toBeGreaterThan(0)
    for (const title of await cards(page).locator('span.font-medium').allTextContents())
      expect(title.toLowerCase()).toContain('harbor')

    // An author's name finds their books.
    await search(page).fill('Juma')
    await expect(page.getByText(/^\d+ results? for “Juma”$/)).toBeVisible()
    for (const card of await cards(page).allTextContents()) expect(card).toContain('Juma')

    await search(page).fill('zzzz-nothing-matches')
    await expect(page.getByText('No results for “zzzz-nothing-matches”')).toBeVisible()

    // Server-rendered from the URL; nothing overflows the phone.
    const response = await page.goto('/app/books?searchTerm=harbor')
    expect(await response!.text()).toMatch(/results? for “harbor”/)
    await expect(search(page)).toHaveValue('harbor')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  })

  test("a list that cannot be loaded: 'Something went wrong' and Try again", async ({ page }) => {
    test.slow() // the list's query retries 3 times first (1 s, 2 s, 4 s)
    await signIn(page, USER_EMAIL)
    await page.goto('/app/books')
    const bookList = /\/api\/rpc\/book\/list(\?|$)/
    await page.route(bookList, (route) => route.fulfill({ status: 503, json: {} }))
    await search(page).fill('garden')
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
    await expect(alert).toBeVisible({ timeout: 20_000 })
    await expect(alert).toContainText('The list could not be loaded.')
    await page.unroute(bookList)
    await alert.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText(/^\d+ results? for “garden”$/)).toBeVisible()
    await expect(alert).toHaveCount(0)
    await expectConsoleMessage(page, /status of 503 .*\/api\/rpc\/book\/list/)
  })
})

test('a failed auth-service call is retried after 1000 ms: a network blip does not stop sign-in', async ({ page }) => {
  let calls = 0
  await page.route('**/api/auth/email-otp/send-verification-otp', (route) => {
    calls++
    return calls === 1 ? route.abort('failed') : route.continue()
  })
  // Not a user flow: the retry is the script's, so the script must be in charge before the click
  // (a click before it posts the form without script, which has no blip to retry: sign-in.spec.ts).
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(USER_EMAIL)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  // The retry waits 1 s before the code is sent.
  await expect(page.getByLabel('Verification code')).toBeVisible({ timeout: 15_000 })
  expect(calls).toBe(2)
  await expectConsoleMessage(page, /ERR_FAILED .*send-verification-otp/)
})

test('a wrong code (4xx) is not retried', async ({ page }) => {
  await requestCode(page, USER_EMAIL)
  let calls = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in/email-otp')) calls++
  })
  await submitCode(page, '000000')
  await expect(page.getByRole('alert').first()).toBeVisible()
  await page.waitForTimeout(1500)
  expect(calls).toBe(1)
  await expectConsoleMessage(page, /status of 400 .*\/api\/auth\/sign-in\/email-otp/)
})

test.describe('failure messages', () => {
  test('one message per user-manager action, in sentence case', async ({ page }) => {
    await openUserAsAdmin(page, USER_EMAIL)
    for (const action of ['ban', 'revokeSessions', 'delete']) {
      await page.route(new RegExp(`/api/rpc/user/${action}(\\?|$)`), (route) =>
        route.fulfill({ status: 500, json: {} }),
      )
    }

    await page.getByRole('button', { name: 'Ban' }).click()
    const ban = page.getByRole('dialog', { name: /^Ban / })
    await ban.getByLabel('Reason').fill('Testing a failure')
    await ban.getByRole('button', { name: 'Ban user' }).click()
    await expect(page.getByText('Failed to ban a user', { exact: true })).toHaveCount(1)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Revoke all' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke all' }).click()
    await expect(page.getByText('Failed to revoke all sessions', { exact: true })).toHaveCount(1)
    await page.keyboard.press('Escape')

    await page.getByRole('main').getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Failed to delete a user', { exact: true })).toHaveCount(1)
    await expectConsoleMessage(page, /status of 500 .*\/api\/rpc\/user\/(ban|revokeSessions|delete)/)
  })

  test('a failed book delete says so once', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    await page.goto('/manager/books')
    await page.getByRole('table', { name: 'Books' }).locator('tbody').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/manager\/books\/[^/]+$/)
    await page.route(/\/api\/rpc\/book\/delete(\?|$)/, (route) => route.fulfill({ status: 500, json: {} }))
    await page.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('alertdialog', { name: 'Delete this book?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Failed to delete a book', { exact: true })).toHaveCount(1)
    await page.waitForTimeout(300)
    await expect(page.getByText('Failed to delete a book', { exact: true })).toHaveCount(1)
    await expectConsoleMessage(page, /status of 500 .*\/api\/rpc\/book\/delete/)
  })
})

test('the welcome links lead to pages that exist: the about page when no repository is configured', async ({
  page,
}) => {
  await signIn(page, USER_EMAIL)
  await expect(page).toHaveURL(/\/app$/)
  const docs = page.getByRole('link', { name: /Documentation/ })
  await expect(docs).toHaveAttribute('href', '/about')
  await expect(page.getByRole('link', { name: /Open issues/ })).toHaveAttribute('href', '/about#issues')
  for (const path of ['/about', '/about#issues']) {
    expect((await page.request.get(path)).status()).toBe(200)
  }
  await docs.click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1, name: 'About Start Books' })).toBeVisible()
  await expect(page).toHaveTitle('About · Start Books')
  await expect(page.getByRole('heading', { name: 'Known issues and feedback' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'API Documentation' })).toHaveAttribute('href', '/api/docs')

  // Translated, like every page.
  await page.goto('/about?lng=fr')
  await expect(page.getByRole('heading', { level: 1, name: 'À propos de Start Books' })).toBeVisible()
})
