// The catalogue on a slow phone, acting the moment each element shows (issue 25): search with
// Enter, 'Load more', and an admin's new book, none of them waiting for the page's script.
import { ADMIN_EMAIL, signIn, USER_EMAIL } from './support/sign-in'
import { expect, test } from './support/slow-phone'

const cards = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Books' }).getByRole('link')

test('a search typed and sent with Enter at once shows its results', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await page.goto('/app/books', { waitUntil: 'commit' })
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill('harbor')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/app\/books\?searchTerm=harbor$/)
  await expect(page.getByText(/^\d+ results? for “harbor”$/)).toBeVisible()
  for (const title of await cards(page).locator('span.font-medium').allTextContents())
    expect(title.toLowerCase()).toContain('harbor')
  await expect(search).toHaveValue('harbor')
})

test("'Load more' used at once shows the next twenty books", async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await page.goto('/app/books', { waitUntil: 'commit' })
  await expect(cards(page)).toHaveCount(20)
  await page
    .getByRole('link', { name: 'Load more' })
    .or(page.getByRole('button', { name: 'Load more' }))
    .click()
  await expect(cards(page)).toHaveCount(40)
  await expect(page.getByText(/^Showing 40 of \d+$/)).toBeVisible()
})

test('a place scrolled to while the page loads is kept when its script starts', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  // The page's scripts are held until the person has scrolled, as on a phone whose scripts take
  // seconds: the page then surely comes alive after the scroll.
  let releaseScripts!: () => void
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await scriptsReleased
    await route.continue()
  })
  await page.goto('/app/books?searchTerm=the', { waitUntil: 'commit' })
  const loadMore = page.getByRole('link', { name: 'Load more' })
  await loadMore.scrollIntoViewIfNeeded()
  await expect(loadMore).toBeInViewport()
  releaseScripts()
  // The clear button shows once the page has hydrated (it needs the script): the router has
  // placed the page by then. A jump to the top would take 'Load more' out of sight.
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible()
  await expect(loadMore).toBeInViewport()
  await loadMore.click()
  await expect(cards(page)).toHaveCount(40)
})

test('an admin creates a book as soon as the form can be used', async ({ page }) => {
  const suffix = Date.now().toString(36)
  const title = `Phone Book ${suffix}`
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/books/new', { waitUntil: 'commit' })
  // The form needs its script (the genre picker): its fields are painted disabled until then.
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Author').fill(`Phone Author ${suffix}`)
  await page.getByLabel('Publisher').fill('Phone Press')
  const genre = page.getByRole('combobox', { name: 'Genre' })
  await genre.fill('myst')
  await page.getByRole('option', { name: 'Mystery' }).click()
  await page.getByRole('button', { name: 'Create book' }).click()
  await expect(page).toHaveURL(/\/manager\/books\/[\w-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})
