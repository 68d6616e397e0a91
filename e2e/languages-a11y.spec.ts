// Both areas in each language and in dark mode, and an axe check of every page of both areas (issues 3–6).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'

const LANGUAGES = [
  { key: 'en', dir: 'ltr', dashboard: 'Dashboard' },
  { key: 'fr', dir: 'ltr', dashboard: 'Tableau de bord' },
  { key: 'ar', dir: 'rtl', dashboard: 'لوحة المعلومات' },
  { key: 'sw', dir: 'ltr', dashboard: 'Dashibodi' },
] as const

const PAGES = [
  '/app',
  '/app/books',
  '/app/account',
  '/manager/dashboard',
  '/manager/books',
  '/manager/users',
  '/manager/account',
]

/** No i18n key leaked to the screen (`shell:nav.home`, `errors.generic`…). */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText()
  expect(text).not.toMatch(/\b(shell|ui|auth|common|demo|book|user|account|dashboard):[a-z]/)
  expect(text).not.toMatch(/\b[a-z]+\.[a-z]+[A-Z][a-zA-Z]*\b/)
}

async function chooseLanguage(page: Page, language: string) {
  const { origin } = new URL(page.url())
  await page.context().addCookies([{ name: 'i18next', value: language, url: origin }])
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language)
}

for (const theme of ['light', 'dark'] as const) {
  test(`both areas in the four languages, ${theme} theme`, async ({ page }) => {
    test.slow()
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
    await signIn(page, ADMIN_EMAIL)
    await expect(page).toHaveURL(/\/manager\/dashboard$/)

    for (const language of LANGUAGES) {
      await chooseLanguage(page, language.key)
      for (const path of PAGES) {
        const response = await page.goto(path)
        expect(response?.status(), path).toBe(200)
        // The first HTML is already in the language, with its direction.
        const html = await response!.text()
        expect(html).toContain(`lang="${language.key}"`)
        expect(html).toContain(`dir="${language.dir}"`)
        await expect(page.locator('html')).toHaveAttribute('lang', language.key)
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
        await expectNoRawKeys(page)
      }
      await page.goto('/manager/dashboard')
      await expect(page.getByRole('navigation').getByRole('link', { name: language.dashboard })).toBeVisible()
    }
  })
}

for (const [language, theme] of [
  ['en', 'light'],
  ['ar', 'light'],
  ['en', 'dark'],
] as const) {
  test(`no serious accessibility violation on any page (${language}, ${theme} theme)`, async ({ page }) => {
    // 16 pages, each loaded and audited by axe: 3 to 5 s a page in CI, so up to 90 s in all.
    test.setTimeout(180_000)
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
    await page.goto(`/login?lng=${language}`)
    const violations: string[] = []
    const audit = async (path: string) => {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
      for (const violation of result.violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          violations.push(`${path}: ${violation.id} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`)
        }
      }
    }
    await audit('/login')
    // Sign in through the English form, then switch the areas to the language under test.
    await chooseLanguage(page, 'en')
    await signIn(page, ADMIN_EMAIL)
    await chooseLanguage(page, language)
    // The catalogue's and the users' detail and form pages too.
    const firstId = async (list: string) =>
      ((await (await page.request.get(`/api/rest/${list}?limit=1`)).json()) as { items: Array<{ id: string }> })
        .items[0]!.id
    const book = await firstId('books')
    const user = await firstId('users')
    const details = [
      `/app/books/${book}`,
      `/manager/books/${book}`,
      `/manager/books/${book}/update`,
      '/manager/books/new',
      `/manager/users/${user}`,
      `/manager/users/${user}/update`,
      '/manager/users/new',
    ]
    for (const path of [...PAGES, ...details, '/manager/nothing-here']) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
      await audit(path)
    }
    expect(violations, violations.join('\n')).toEqual([])
  })
}
