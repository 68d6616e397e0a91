import { expect, type Page, test } from '@playwright/test'

import { ADMIN_EMAIL, signIn, USER_EMAIL } from './support/sign-in'

const DESKTOP = { width: 1280, height: 800 }
test.use({ viewport: DESKTOP })

const rows = (page: Page) => page.getByRole('list', { name: 'Books' }).getByRole('link')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search books' })

async function openBooks(page: Page, path = '/manager/books') {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible()
}

test.describe('the manager book list', () => {
  test('an admin searches (the term is in the URL, Back restores it) and pages with load more', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    await openBooks(page)
    await expect(rows(page)).toHaveCount(20)
    const showing = page.getByText(/^Showing \d+ of \d+$/)
    await expect(showing).toHaveText(/^Showing 20 of \d+$/)
    const total = Number(/of (\d+)/.exec((await showing.textContent())!)![1])
    expect(total).toBeGreaterThanOrEqual(120)
    await page.getByRole('link', { name: 'Load more' }).click()
    await expect(rows(page)).toHaveCount(40)
    await expect(showing).toHaveText(`Showing 40 of ${total}`)

    await searchBox(page).fill('harbor')
    await expect(page).toHaveURL(/searchTerm=harbor/)
    await expect(page.getByText(/^\d+ results? for “harbor”$/)).toBeVisible()
    const harborCount = await rows(page).count()
    expect(harborCount).toBeGreaterThan(0)
    for (const text of await rows(page).allTextContents()) expect(text.toLowerCase()).toContain('harbor')

    await searchBox(page).fill('garden')
    await expect(page).toHaveURL(/searchTerm=garden/)
    await expect(page.getByText(/^\d+ results? for “garden”$/)).toBeVisible()

    await page.goBack()
    await expect(page).toHaveURL(/searchTerm=harbor/)
    await expect(searchBox(page)).toHaveValue('harbor')
    await expect(page.getByText(/^\d+ results? for “harbor”$/)).toBeVisible()
    await expect(rows(page)).toHaveCount(harborCount)

    await searchBox(page).fill('zzzz-nothing-matches')
    await expect(page.getByText('No results for “zzzz-nothing-matches”')).toBeVisible()

    // A reload keeps the search (server-rendered from the URL).
    await page.goto('/manager/books?searchTerm=garden')
    await expect(searchBox(page)).toHaveValue('garden')
    await expect(page.getByText(/^\d+ results? for “garden”$/)).toBeVisible()
  })

  test('an admin creates, edits (duplicate title shown on the field) and deletes a book', async ({ page }) => {
    const suffix = Date.now().toString(36)
    const title = `E2E Book ${suffix}`
    const author = `E2E Author ${suffix}`
    await signIn(page, ADMIN_EMAIL)
    await openBooks(page)
    await page.getByRole('link', { name: 'New book' }).click()
    await expect(page).toHaveURL(/\/manager\/books\/new$/)

    // The shared schema's messages, before any request.
    await page.getByRole('button', { name: 'Create book' }).click()
    await expect(page.getByText('Title is required')).toBeVisible()

    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Author').fill(author)
    await page.getByLabel('Publisher').fill('E2E Press')
    // The genre picker searches every genre on the server.
    const genre = page.getByRole('combobox', { name: 'Genre' })
    await genre.fill('myst')
    await page.getByRole('option', { name: 'Mystery' }).click()
    await expect(genre).toHaveValue('Mystery')
    await page.getByRole('button', { name: 'Create book' }).click()

    await expect(page).toHaveURL(/\/manager\/books\/[\w-]+$/)
    await expect(page.getByText('Book created')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Mystery')).toBeVisible()
    const bookUrl = page.url()

    // A second book by the same author, then give it the first one's title.
    await page.goto('/manager/books/new')
    await page.getByLabel('Title').fill(`${title} II`)
    await page.getByLabel('Author').fill(author)
    await page.getByRole('button', { name: 'Create book' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `${title} II` })).toBeVisible()

    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page).toHaveURL(/\/update$/)
    await page.getByLabel('Title').fill(title)
    await page.getByRole('button', { name: 'Save changes' }).click()
    const titleField = page.getByLabel('Title')
    await expect(titleField).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('alert').filter({ hasText: 'Title already used with the same author' })).toBeVisible()
    await expect(page.getByText('Failed to update a book')).toBeVisible()
    await expect(titleField).toBeFocused()

    await titleField.fill(`${title} (second)`)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page).not.toHaveURL(/\/update$/)
    await expect(page.getByText('Book updated')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: `${title} (second)` })).toBeVisible()

    // Delete, after confirming; permanent.
    await page.goto(bookUrl)
    await page.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this book?' })
    await expect(dialog).toContainText(title)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Delete' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/manager\/books$/)
    await expect(page.getByText('Book deleted')).toBeVisible()
    const gone = await page.goto(bookUrl)
    expect(gone?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
  })

  test('leaving a dirty form asks first', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    await page.goto('/manager/books/new')
    await page.getByLabel('Title').fill('Unsaved title')
    await page
      .getByRole('navigation', { name: 'Manager navigation' })
      .getByRole('link', { name: 'Books', exact: true })
      .click()
    const prompt = page.getByRole('alertdialog', { name: 'Are you sure you want to leave?' })
    await expect(prompt).toBeVisible()
    await prompt.getByRole('button', { name: 'Stay' }).click()
    await expect(page).toHaveURL(/\/manager\/books\/new$/)
    await expect(page.getByLabel('Title')).toHaveValue('Unsaved title')
    await page.getByRole('link', { name: 'Cancel' }).click()
    await prompt.getByRole('button', { name: 'Leave' }).click()
    await expect(page).toHaveURL(/\/manager\/books$/)
  })
})

test('a user cannot create a book through the REST API (403)', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  const response = await page.request.post('/api/rest/books', { data: { title: 'Forbidden', author: 'Nobody' } })
  expect(response.status()).toBe(403)
  expect(await response.json()).toMatchObject({
    code: 'FORBIDDEN',
    message: 'You are not allowed to access resource: book',
  })
  // Reading is allowed.
  expect((await page.request.get('/api/rest/books?limit=1')).status()).toBe(200)
})
