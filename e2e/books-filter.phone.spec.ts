// /app/books on a phone (issue 42 point 2): a genre and a sort in the URL, chosen at once on a
// slow phone and with JavaScript off, and a compact list that shows at least six books at first.
import type { Page } from '@playwright/test'

import { signIn, USER_EMAIL } from './support/sign-in'
import { expect, test } from './support/slow-phone'

// A 390 × 844 phone (the Pixel 7 profile of the project, at an iPhone's size).
const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE })

const FANTASY = 'rgb(139, 92, 246)'

const books = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('link')

/** Opens a menu by its button (the current choice) and follows one of its links. */
async function choose(page: Page, button: string, menu: string, choice: string) {
  await page.locator('summary').filter({ hasText: button }).click()
  await page.getByRole('list', { name: menu }).getByRole('link', { name: choice }).click()
}

/** Fantasy books only, by author from Z to A, with the choices in the URL and on the menus' buttons. */
async function chooseFantasyByAuthorDescending(page: Page) {
  await page.goto('/app/books', { waitUntil: 'commit' })
  await choose(page, 'All genres', 'Genre', 'Fantasy')
  await expect(page).toHaveURL((url) => url.searchParams.has('genreId'))
  await choose(page, 'Title A–Z', 'Sort by', 'Author Z–A')
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.has('genreId') &&
      url.searchParams.get('sort') === 'author' &&
      url.searchParams.get('order') === 'desc',
  )
  await expect(page.locator('summary').filter({ hasText: 'Fantasy' })).toBeVisible()
  await expect(page.locator('summary').filter({ hasText: 'Author Z–A' })).toBeVisible()

  await expect(books(page).first()).toBeVisible()
  // A drawn cover has its genre's colour: every one is Fantasy's.
  for (const cover of await page.locator('div[data-testid="book-cover"]').all())
    await expect(cover).toHaveCSS('background-color', FANTASY)
  const authors = await books(page).locator('span.text-xs').allTextContents()
  expect(authors.length).toBeGreaterThan(1)
  expect(authors).toEqual([...authors].sort((a, b) => b.localeCompare(a)))

  // A search keeps the genre and the sort.
  const search = page.getByRole('searchbox', { name: 'Search books' })
  await search.fill('the')
  await search.press('Enter')
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('searchTerm') === 'the' &&
      url.searchParams.has('genreId') &&
      url.searchParams.get('sort') === 'author',
  )
  await expect(page.getByText(/^\d+ results? for “the”$/)).toBeVisible()
}

test('a genre and a sort chosen at once, as the page arrives', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await chooseFantasyByAuthorDescending(page)
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a genre and a sort are links the server answers', async ({ page }) => {
    await signIn(page, USER_EMAIL, { button: true })
    await chooseFantasyByAuthorDescending(page)
    // A genre that is gone (a stale link): the list without it, the sort kept.
    await page.goto('/app/books?genreId=gone&sort=author&order=desc')
    await expect(page).toHaveURL((url) => !url.searchParams.has('genreId') && url.searchParams.get('sort') === 'author')
    await expect(books(page)).toHaveCount(20)
  })
})

/** The list's name and the tab bar's, in each language. */
const NAMES = {
  en: { list: 'Books', tabs: 'Main navigation' },
  fr: { list: 'Livres', tabs: 'Navigation principale' },
  ar: { list: 'الكتب', tabs: 'التنقل الرئيسي' },
  sw: { list: 'Vitabu', tabs: 'Urambazaji mkuu' },
} as const

for (const language of ['en', 'fr', 'ar', 'sw'] as const) {
  test(`the first screen shows at least six books, nothing wider than the phone (${language})`, async ({ page }) => {
    await signIn(page, USER_EMAIL)
    await page.goto(`/app/books?lng=${language}`, { waitUntil: 'commit' })
    const list = page.getByRole('list', { name: NAMES[language].list, exact: true })
    await expect(list.getByRole('link')).toHaveCount(20)
    // What the tab bar covers is not seen: a book counts when all of it is above the bar.
    const seenBottom = (await page.getByRole('navigation', { name: NAMES[language].tabs }).boundingBox())!.y
    let seen = 0
    for (const item of await list.locator('li').all()) {
      const box = (await item.boundingBox())!
      if (box.y >= 0 && box.y + box.height <= seenBottom) seen++
    }
    expect(seen).toBeGreaterThanOrEqual(6)
    // The cover beside the title: on the same line, on the start side of the reading direction.
    const first = list.getByRole('link').first()
    const cover = (await first.getByTestId('book-cover').boundingBox())!
    const title = (await first.locator('span.font-medium').boundingBox())!
    expect(cover.height).toBeLessThanOrEqual(80)
    expect(title.y).toBeLessThan(cover.y + cover.height)
    if (language === 'ar') expect(cover.x).toBeGreaterThan(title.x)
    else expect(cover.x).toBeLessThan(title.x)

    // The menus' buttons show their whole choice.
    for (const value of await page.locator('summary > span:not(.sr-only)').all())
      expect(await value.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true)
    // Both menus open inside the phone's width.
    for (const summary of await page.locator('summary').all()) {
      await summary.click()
      const menu = summary.locator('xpath=following-sibling::ul')
      await expect(menu).toBeVisible()
      const box = (await menu.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await summary.click()
    }
  })
}
