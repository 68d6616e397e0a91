import { expect, test } from './support/console'
import { signIn, USER_EMAIL } from './support/sign-in'

const PHONE = { width: 375, height: 740 }

test.describe('the app book catalogue', () => {
  test.use({ viewport: PHONE })

  test('a page count the catalogue does not know falls back to one page', async ({ page }) => {
    await signIn(page, USER_EMAIL)
    for (const pages of ['abc', '0', '1.5', '']) {
      const response = await page.goto(`/app/books?pages=${pages}`)
      expect(response?.status(), `?pages=${pages}`).toBe(200)
      await expect(page.getByRole('list', { name: 'Books' }).getByRole('link')).toHaveCount(20)
    }
  })

  test('a user browses the cards on a phone, loads more and opens a book', async ({ page }) => {
    await signIn(page, USER_EMAIL)
    await page.goto('/app/books')
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible()
    await expect(page).toHaveTitle('Books · Start Books')

    const cards = page.getByRole('list', { name: 'Books' }).getByRole('link')
    await expect(cards).toHaveCount(20)
    await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible()
    // Each card has a drawn cover in its genre's colour.
    await expect(cards.first().getByTestId('book-cover')).toHaveCSS('background-color', /rgb/)

    // The server-rendered HTML already carries the first page.
    const firstTitle = (await cards.first().locator('span.font-medium').textContent())!
    const html = await (await page.request.get('/app/books')).text()
    expect(html).toContain(firstTitle.replace(/&/g, '&amp;'))

    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(cards).toHaveCount(40)
    await expect(page.getByText(/^Showing 40 of \d+$/)).toBeVisible()

    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    const card = cards.nth(21)
    const title = (await card.locator('span.font-medium').textContent())!
    await card.click()
    await expect(page).toHaveURL(/\/app\/books\/[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page).toHaveTitle(`${title} · Start Books`)
    await expect(page.getByText('Publisher')).toBeVisible()
    await expect(page.getByText('Genre')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    // Users never see manager actions.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)

    // The browser's Back returns to the place in the list (the router's scroll restoration).
    await page.goBack()
    await expect(cards).toHaveCount(40)
    await expect(card).toBeInViewport()
    await page.goForward()
    await page.getByRole('link', { name: 'Back to books' }).click()
    await expect(page).toHaveURL(/\/app\/books$/)
  })

  test('an unknown book is the app not-found screen with HTTP 404', async ({ page }) => {
    await signIn(page, USER_EMAIL)
    const response = await page.goto('/app/books/no-such-book')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
  })
})
