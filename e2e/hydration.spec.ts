// Zero hydration mismatches (issue 14): the main pages in English and Arabic,
// light and dark theme, hydrate without one of React's hydration errors.
import { expect, type Page, test } from '@playwright/test'

import { ADMIN_EMAIL, signIn, USER_EMAIL, waitForHydration } from './support/sign-in'

// React's messages (development) and its production error codes 418, 423, 425.
const HYDRATION_ERROR = /hydrat|did not match|Minified React error #(418|423|425)\b/i

function hydrationErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text())
  })
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(`${error.message}`)) errors.push(error.message)
  })
  return errors
}

const AREAS = [
  { as: null, pages: ['/login'] },
  { as: USER_EMAIL, pages: ['/app', '/app/books', '/app/account'] },
  { as: ADMIN_EMAIL, pages: ['/manager/dashboard', '/manager/books', '/manager/users'] },
] as const

for (const { as, pages } of AREAS) {
  test(`no hydration error: ${pages.join(', ')} in English and Arabic, light and dark`, async ({ page }) => {
    // A page of the site first: local storage is the site's.
    if (as) await signIn(page, as)
    else await page.goto('/login')
    const errors = hydrationErrors(page)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      for (const language of ['en', 'ar'] as const) {
        for (const path of pages) {
          await page.goto(`${path}?lng=${language}`, { waitUntil: 'networkidle' })
          await waitForHydration(page, 'main, form')
          await expect(page.locator('html')).toHaveAttribute('lang', language)
          await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
          expect(errors, `${path} (${language}, ${theme})`).toEqual([])
        }
      }
    }
  })
}
