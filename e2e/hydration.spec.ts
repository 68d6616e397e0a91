// Zero hydration mismatches (issue 14): every page, in every language (en, fr,
// ar, sw) and theme (light, dark), hydrates without one of React's hydration
// errors. The server renders each page afresh (a full load), the browser
// hydrates it.
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, uniqueEmail, USER_EMAIL, waitForHydration } from './support/sign-in'

// React's messages (development) and its production error codes 418, 423, 425.
const HYDRATION_ERROR = /hydrat|did not match|Minified React error #(418|423|425)\b/i

const LANGUAGES = ['en', 'fr', 'ar', 'sw'] as const
const THEMES = ['light', 'dark'] as const

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

/** The id of the first row of a list of the REST API (as the signed-in page's account). */
async function firstId(page: Page, list: string): Promise<string> {
  const response = await page.request.get(`${list}?limit=1`)
  expect(response.status(), list).toBe(200)
  const { items } = (await response.json()) as { items: Array<{ id: string }> }
  expect(items.length, `${list} has a row`).toBeGreaterThan(0)
  return items[0]!.id
}

interface Area {
  name: string
  /** Signs in (or not) and lists the area's pages. */
  open(page: Page): Promise<string[]>
}

const AREAS: Area[] = [
  {
    name: 'signed out',
    open: async (page) => {
      await page.goto('/login')
      return [
        '/login',
        '/login/verify?email=someone%40example.com',
        '/login/error?error=signup_disabled',
        '/about',
        '/no-such-page',
      ]
    },
  },
  {
    name: 'a new account (onboarding)',
    open: async (page) => {
      await signIn(page, uniqueEmail('hydration'))
      await expect(page).toHaveURL(/\/onboarding/)
      return ['/onboarding']
    },
  },
  {
    name: 'the app, as a user',
    open: async (page) => {
      await signIn(page, USER_EMAIL)
      const book = await firstId(page, '/api/rest/books')
      return ['/app', '/app/books', `/app/books/${book}`, '/app/account', '/about']
    },
  },
  {
    name: 'the manager, as an admin',
    open: async (page) => {
      await signIn(page, ADMIN_EMAIL)
      const book = await firstId(page, '/api/rest/books')
      const user = await firstId(page, '/api/rest/users')
      return [
        '/manager/dashboard',
        '/manager/books',
        '/manager/books/new',
        `/manager/books/${book}`,
        `/manager/books/${book}/update`,
        '/manager/users',
        '/manager/users/new',
        `/manager/users/${user}`,
        `/manager/users/${user}/update`,
        '/manager/account',
        '/manager/no-such-page',
      ]
    },
  },
]

for (const area of AREAS) {
  for (const theme of THEMES) {
    test(`no hydration error: ${area.name}, every page in ${LANGUAGES.join(', ')}, ${theme} theme`, async ({
      page,
    }) => {
      // Many full page loads in one test (up to 44): a longer limit than a one-page test's.
      test.setTimeout(600_000)
      // A page of the site first: local storage is the site's.
      const pages = await area.open(page)
      await page.evaluate((value) => localStorage.setItem('theme', value), theme)
      const errors = hydrationErrors(page)
      for (const language of LANGUAGES) {
        for (const path of pages) {
          const url = `${path}${path.includes('?') ? '&' : '?'}lng=${language}`
          await page.goto(url, { waitUntil: 'networkidle' })
          await waitForHydration(page, 'main, form')
          await expect(page.locator('html')).toHaveAttribute('lang', language)
          await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
          expect(errors, `${path} (${language}, ${theme})`).toEqual([])
        }
      }
    })
  }
}
