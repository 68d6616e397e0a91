import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, USER_EMAIL } from './support/sign-in'

const PHONE = { width: 375, height: 740 }
const DESKTOP = { width: 1280, height: 800 }

const managerNav = (page: Page) => page.getByRole('navigation', { name: 'Manager navigation' })
const appNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' })

test.describe('manager sidebar', () => {
  test('every label, the current entry, /manager → /manager/dashboard', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN_EMAIL)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    const response = await page.goto('/manager')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page).toHaveTitle('Dashboard · Start Books')

    const nav = managerNav(page)
    for (const label of ['Home', 'Dashboard', 'Books', 'Users', 'Account', 'Open App', 'API Documentation']) {
      await expect(nav.getByRole('link', { name: label, exact: false }).first()).toBeVisible()
    }
    await expect(nav.getByRole('group', { name: 'Application' })).toBeVisible()
    await expect(nav.getByRole('group', { name: 'Configuration' })).toBeVisible()
    await expect(nav.getByRole('group', { name: 'Application' }).getByRole('link')).toHaveText(['Dashboard', 'Books'])
    await expect(nav.getByRole('group', { name: 'Configuration' }).getByRole('link')).toHaveText(['Users', 'Jobs'])

    // The current entry, and only it, is marked.
    await expect(nav.locator('[aria-current="page"]')).toHaveText(['Dashboard'])
    for (const [label, path, heading] of [
      ['Books', '/manager/books', 'Books'],
      ['Users', '/manager/users', 'Users'],
      ['Account', '/manager/account', 'Account'],
      ['Dashboard', '/manager/dashboard', 'Dashboard'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(nav.locator('[aria-current="page"]')).toHaveText([label])
    }

    // Home leads to the manager's home, the dashboard.
    await nav.getByRole('link', { name: 'Books', exact: true }).click()
    await expect(page).toHaveURL(/\/manager\/books$/)
    await nav.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    const apiDocs = nav.getByRole('link', { name: /API Documentation/ })
    await expect(apiDocs).toHaveAttribute('href', '/api/docs')
    await expect(apiDocs).toHaveAttribute('target', '_blank')

    await nav.getByRole('link', { name: 'Open App' }).click()
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' })).toBeVisible()
  })

  test('collapses on desktop and stays collapsed across reloads', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN_EMAIL)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    const books = managerNav(page).getByRole('link', { name: 'Books', exact: true })
    await expect(books.getByText('Books')).toBeVisible()
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false')
    // Icons only: the label stays for assistive technology.
    await expect(books.getByText('Books')).toHaveClass(/sr-only/)

    // The server renders it collapsed too (the state is a cookie), and so does a later client visit.
    const html = await (await page.request.get('/manager/books')).text()
    expect(html).toContain('Expand sidebar')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()

    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true')
    await expect(books.getByText('Books')).not.toHaveClass(/sr-only/)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
  })

  test("the user's menu: name, e-mail, Account, app switch and sign out", async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN_EMAIL)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    await page.getByRole('button', { name: /Admin/ }).click()
    const menu = page.getByRole('dialog', { name: 'User menu' })
    await expect(menu).toBeVisible()
    await expect(menu.getByText(ADMIN_EMAIL)).toBeVisible()
    await expect(menu.locator('[data-area="manager"]')).toContainText('You are here')
    await expect(menu.locator('[data-area="app"]')).toHaveAttribute('href', '/app')
    await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible()

    await menu.getByRole('link', { name: 'Account' }).click()
    await expect(page).toHaveURL(/\/manager\/account$/)
    await expect(menu).toBeHidden()
  })

  test('is a sheet behind a menu button at 375px', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await signIn(page, ADMIN_EMAIL)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    await expect(managerNav(page)).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const sheet = page.getByRole('dialog', { name: 'Menu' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')

    await sheet.getByRole('link', { name: 'Users' }).click()
    await expect(page).toHaveURL(/\/manager\/users$/)
    await expect(sheet).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(sheet).toBeHidden()
  })
})

test.describe('app navigation', () => {
  test('a bottom navigation at 375px', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await signIn(page, USER_EMAIL)
    await expect(page).toHaveURL(/\/app$/)

    // Only one of the two navigations is shown: the bottom bar.
    const nav = appNav(page)
    await expect(nav).toHaveCount(1)
    const box = await nav.boundingBox()
    expect(box!.y + box!.height).toBeCloseTo(PHONE.height, 0)
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Books', 'Account'])
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')

    await nav.getByRole('link', { name: 'Books' }).click()
    await expect(page).toHaveURL(/\/app\/books$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible()
    await expect(page).toHaveTitle('Books · Start Books')
    await expect(nav.locator('[aria-current="page"]')).toHaveText(['Books'])

    await nav.getByRole('link', { name: 'Account' }).click()
    await expect(page).toHaveURL(/\/app\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    await expect(nav.locator('[aria-current="page"]')).toHaveText(['Account'])
  })

  test('a top navigation on a desktop', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, USER_EMAIL)
    await expect(page).toHaveURL(/\/app$/)

    const nav = appNav(page)
    await expect(nav).toHaveCount(1)
    const box = await nav.boundingBox()
    expect(box!.y).toBeLessThan(60)
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Books', 'Account'])

    await nav.getByRole('link', { name: 'Books' }).click()
    await expect(page).toHaveURL(/\/app\/books$/)
    await expect(nav.locator('[aria-current="page"]')).toHaveText(['Books'])
    await nav.getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/app$/)
    await expect(page).toHaveTitle('Home · Start Books')
  })
})

test.describe('welcome page and app switch', () => {
  test("a user: 'You are here' on App, 'Access Denied' on Manager", async ({ page }) => {
    await signIn(page, USER_EMAIL)
    await expect(page).toHaveURL(/\/app$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, User!' })).toBeVisible()

    const areas = page.getByRole('list', { name: 'Areas' })
    await expect(areas.locator('[data-area="app"]')).toContainText('You are here')
    await expect(areas.locator('[data-area="app"]')).toHaveAttribute('aria-current', 'page')
    await expect(areas.locator('[data-area="manager"]')).toContainText('Access Denied')
    await expect(areas.getByRole('link')).toHaveCount(0)

    // The documentation and the open issues: the app's about page when no repository is configured (e2e/details.spec.ts).
    await expect(page.getByRole('link', { name: /Documentation/ })).toHaveAttribute('href', '/about')
    await expect(page.getByRole('link', { name: /Open issues/ })).toHaveAttribute('href', '/about#issues')
  })

  test("an admin: 'You are here' on App, a link to Manager", async ({ page }) => {
    await signIn(page, ADMIN_EMAIL, { from: '/login?redirect=%2Fapp' })
    await expect(page).toHaveURL(/\/app$/)

    const areas = page.getByRole('list', { name: 'Areas' })
    await expect(areas.locator('[data-area="app"]')).toContainText('You are here')
    await expect(areas).not.toContainText('Access Denied')
    const manager = areas.getByRole('link', { name: /Manager/ })
    await expect(manager).toContainText('Open')
    await manager.click()
    await expect(page).toHaveURL(/\/manager\/dashboard$/)
  })
})

test.describe('not-found and error pages', () => {
  test('each area has its own 404 inside its layout, with HTTP 404', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    const inApp = await page.goto('/app/no-such-page')
    expect(inApp?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
    await expect(appNav(page)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/app')
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible()

    const inManager = await page.goto('/manager/no/such/page')
    expect(inManager?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
    await expect(managerNav(page)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/manager')

    const atRoot = await page.goto('/no-such-page')
    expect(atRoot?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
    await expect(page.getByRole('navigation')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')

    // Go back returns to the page before.
    await page.goto('/manager/books')
    await page.goto('/manager/nope')
    await page.getByRole('button', { name: 'Go back' }).click()
    await expect(page).toHaveURL(/\/manager\/books$/)
  })

  test('a client-side navigation to an unknown /app URL shows the same 404', async ({ page }) => {
    await signIn(page, USER_EMAIL)
    await expect(page).toHaveURL(/\/app$/)
    await page.evaluate(() => {
      window.history.pushState({}, '', '/app/nowhere')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
    await expect(appNav(page)).toBeVisible()
  })

  test('signed out, an unknown /app or /manager URL still goes to login first', async ({ request }) => {
    for (const path of ['/app/no-such-page', '/manager/no-such-page']) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(307)
      expect(response.headers()['location']).toBe(`/login?redirect=${encodeURIComponent(path)}`)
    }
  })

  test('a refused area: the 403 page with go back and go home, HTTP 403', async ({ page }) => {
    await signIn(page, USER_EMAIL)
    const response = await page.goto('/manager/users')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible()
    await expect(page.getByText('403')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/')
    await expect(managerNav(page)).toHaveCount(0)
  })
})

test.describe('head and install', () => {
  test('titles, description, icons and the web manifest', async ({ page, request }) => {
    await page.goto('/login')
    await expect(page).toHaveTitle('Sign in · Start Books')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /book catalogue/)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')

    const manifest = await request.get('/manifest.webmanifest')
    expect(manifest.status()).toBe(200)
    const body = (await manifest.json()) as {
      name: string
      start_url: string
      icons: Array<{ src: string; type: string }>
    }
    expect(body).toMatchObject({ name: 'Start Books', start_url: '/app' })
    for (const icon of body.icons) {
      const file = await request.get(icon.src)
      expect(file.status(), icon.src).toBe(200)
      expect(file.headers()['content-type'], icon.src).toContain(icon.type)
    }
    for (const href of await page
      .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')!))) {
      expect((await request.get(href)).status(), href).toBe(200)
    }

    // Titles follow the language of the page.
    await page.goto('/login?lng=fr')
    await expect(page).toHaveTitle('Connexion · Start Books')
  })
})
