// Language and theme before signing in (issue 27): on every sign-in page, before the script runs and without one.
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'

const languages = (page: Page, name = 'Language') => page.getByRole('navigation', { name })

test('an English browser switches /login to Arabic with one link, keeping the redirect, at once', async ({ page }) => {
  // No wait for the script: the languages are links.
  await page.goto('/login?redirect=%2Fapp%2Fbooks', { waitUntil: 'commit' })
  await expect(languages(page).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true')
  await languages(page).getByRole('link', { name: 'العربية' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/books')
  await expect(languages(page, 'اللغة').getByRole('link', { name: 'العربية' })).toHaveAttribute('aria-current', 'true')
  // Right to left: the languages start on the right, the theme ends on the left.
  const nav = (await languages(page, 'اللغة').boundingBox())!
  const theme = (await page.getByRole('group', { name: 'المظهر' }).boundingBox())!
  expect(nav.x).toBeGreaterThan(theme.x)
  // The choice is kept (the cookie): the next page without ?lng= is Arabic too.
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible()
})

test('the theme is chosen on the sign-in pages, by name, and kept', async ({ page }) => {
  await page.goto('/login')
  const dark = page.getByRole('radio', { name: 'Dark' })
  // It lives in local storage: usable once the script runs (decision 031).
  await expect(dark).toBeEnabled()
  // The radio inputs are visually hidden inside their labels (icons here): click the label, as a user does.
  await page.locator('label', { has: dark }).click()
  await expect(dark).toBeChecked()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.goto('/login/error?error=access_denied&lng=fr')
  await expect(page.getByRole('radio', { name: 'Sombre' })).toBeChecked()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.getByRole('radio', { name: 'Sombre' }).press('ArrowLeft')
  await expect(page.getByRole('radio', { name: 'Clair' })).toBeChecked()
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
})

test('the verify page offers the languages too, keeping its address', async ({ page }) => {
  await page.goto('/login/verify?email=someone%40example.com&lng=sw', { waitUntil: 'commit' })
  await languages(page, 'Lugha').getByRole('link', { name: 'Français' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Consultez vos e-mails' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('email')).toBe('someone@example.com')
})

test('without JavaScript the languages still work', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/login')
  await languages(page).getByRole('link', { name: 'Kiswahili' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ingia' })).toBeVisible()
  await context.close()
})
