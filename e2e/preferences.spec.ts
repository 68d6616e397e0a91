// Languages, themes and the responsive sign-out confirmation, in a real browser (issue 3, parts 4–6).
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { signIn, USER_EMAIL } from './support/sign-in'

const LOGIN_TITLES = {
  en: 'Sign in',
  fr: 'Connexion',
  ar: 'تسجيل الدخول',
  sw: 'Ingia',
} as const

/** The opening <html> tag of a raw server response. */
function htmlTag(body: string): string {
  return /<html[^>]*>/.exec(body)?.[0] ?? ''
}

test.describe('languages', () => {
  test('the first HTML of /login?lng=ar is already Arabic, right to left, font scale 1.2', async ({ page }) => {
    const response = await page.request.get('/login?lng=ar')
    expect(response.status()).toBe(200)
    const body = await response.text()
    const tag = htmlTag(body)
    expect(tag).toContain('lang="ar"')
    expect(tag).toContain('dir="rtl"')
    expect(tag).toContain('font-size:120%')
    expect(body).toContain(LOGIN_TITLES.ar)
    expect(body).not.toContain(`>${LOGIN_TITLES.en}<`)
  })

  test('the server also reads the cookie and Accept-Language', async ({ page }) => {
    const byCookie = await page.request.get('/login', { headers: { cookie: 'i18next=fr' } })
    expect(htmlTag(await byCookie.text())).toMatch(/lang="fr" dir="ltr"/)
    const byBrowser = await page.request.get('/login', { headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' } })
    expect(htmlTag(await byBrowser.text())).toMatch(/lang="sw" dir="ltr"/)
  })

  for (const [language, title] of Object.entries(LOGIN_TITLES)) {
    test(`${language}: ?lng= renders the login page translated, and the choice survives a reload without ?lng`, async ({
      page,
      context,
    }) => {
      await page.goto(`/login?lng=${language}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr')

      // Cached by the detector in the cookie (43200 minutes, path /, SameSite lax) and local storage.
      await expect
        .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value)
        .toBe(language)
      const cookie = (await context.cookies()).find((c) => c.name === 'i18next')!
      expect(cookie.path).toBe('/')
      expect(cookie.sameSite).toBe('Lax')
      const days = (cookie.expires * 1000 - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(29.9)
      expect(days).toBeLessThanOrEqual(30.01)
      // Local storage is written by the browser's code, which runs after the first paint.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(language)

      // A reload without ?lng: the server renders the same language from the first byte.
      const raw = await page.request.get('/login')
      expect(htmlTag(await raw.text())).toContain(`lang="${language}"`)
      await page.goto('/login')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
    })
  }

  test('a choice kept only in local storage is applied after hydration and then sent to the server', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('i18nextLng', 'fr')
        sessionStorage.setItem('seeded', '1')
      }
    })
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOGIN_TITLES.fr)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    // Now in the cookie: the next first HTML is French.
    await expect.poll(async () => htmlTag(await (await page.request.get('/login')).text())).toContain('lang="fr"')
  })
})

test('Arabic in dark mode hydrates without an error (no mismatch of lang, dir, class or style)', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    // A form posted before hydration is answered with the page and its status (400): not an error of the page.
    if (message.type() === 'error' && !message.text().includes('status of 400')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  await page.goto('/login?lng=ar')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOGIN_TITLES.ar)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  // The form's check answers in Arabic, by its script or by the server before it runs.
  await page.getByRole('button', { name: 'المتابعة بالبريد الإلكتروني' }).click()
  await expect(page.getByRole('alert')).toHaveText('البريد الإلكتروني مطلوب')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(errors).toEqual([])
})

test.describe('themes', () => {
  /** Records <html>'s class when the first element of the page body appears (before the first paint of content). */
  async function recordClassAtFirstContent(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as { __classAtFirstContent?: string }
      const observer = new MutationObserver(() => {
        const first = document.body?.querySelector(':scope > :not(script)')
        if (first && w.__classAtFirstContent === undefined) {
          w.__classAtFirstContent = document.documentElement.className
          observer.disconnect()
        }
      })
      observer.observe(document, { childList: true, subtree: true })
    })
  }
  const classAtFirstContent = (page: Page) =>
    page.evaluate(() => (window as unknown as { __classAtFirstContent?: string }).__classAtFirstContent)

  test('a stored dark theme is on <html> before the first paint of a server-rendered page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
    await recordClassAtFirstContent(page)
    await page.goto('/login')
    expect(await classAtFirstContent(page)).toContain('dark')
    await page.reload()
    expect(await classAtFirstContent(page)).toContain('dark')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark')
    // Dark background, light text.
    const [background, text] = await page.evaluate(() => {
      const style = getComputedStyle(document.body)
      return [style.backgroundColor, style.color]
    })
    expect(background).not.toBe(text)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LOGIN_TITLES.en)
  })

  test('the system theme follows the browser, light by default', async ({ page }) => {
    await recordClassAtFirstContent(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/login')
    expect(await classAtFirstContent(page)).toContain('dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    expect(await classAtFirstContent(page)).toContain('light')
  })

  test('light stored: no dark class', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'))
    await page.emulateMedia({ colorScheme: 'dark' })
    await recordClassAtFirstContent(page)
    await page.goto('/login')
    expect(await classAtFirstContent(page)).toBe('light')
  })
})

test.describe('sign-out confirmation', () => {
  test('is a bottom drawer at 375px and a centred dialog at 1024px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await signIn(page, USER_EMAIL)
    await expect(page).toHaveURL(/\/app$/)
    // Sign-out sits on the account page in the app area.
    await page.getByRole('link', { name: 'Account' }).click()
    await expect(page).toHaveURL(/\/app\/account$/)

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    const drawer = page.getByRole('alertdialog', { name: 'Sign out?' })
    await expect(drawer).toBeVisible()
    await expect(drawer).toHaveAttribute('data-vaul-drawer', '')
    await expect(drawer).toHaveAttribute('data-vaul-drawer-direction', 'bottom')
    // Anchored to the bottom edge, full width.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox()
        return box && Math.round(box.y + box.height) === 812 && Math.round(box.width) === 375
      })
      .toBe(true)
    await drawer.getByRole('button', { name: 'Cancel' }).click()
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(/\/app\/account$/)

    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('data-mode', 'dialog')
    expect(await dialog.getAttribute('data-vaul-drawer')).toBeNull()

    await dialog.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test('the account page switches language and theme at once, and keeps them', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await page.getByRole('link', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/app\/account$/)

  // The radio inputs are visually hidden inside their labels: click the label, as a user does.
  await page.locator('label', { hasText: 'Dark' }).click()
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)

  await page.getByLabel('Language').selectOption('fr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { name: 'Compte', level: 1 })).toBeVisible()

  await page.getByLabel('Langue').selectOption('ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  // Kept: the server renders the next page in Arabic, dark, from the first byte.
  const response = await page.reload()
  const html = await response!.text()
  expect(html).toContain('lang="ar"')
  expect(html).toContain('dir="rtl"')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
})
