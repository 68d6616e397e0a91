import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { ADMIN_EMAIL, signIn, USER_EMAIL } from './support/sign-in'

const DESKTOP = { width: 1280, height: 800 }
test.use({ viewport: DESKTOP })

const rows = (page: Page) => page.getByRole('table', { name: 'Books' }).locator('tbody').getByRole('row')
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

  test('an admin sorts by a column header and filters by genre, kept in the URL (issue 27)', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    await openBooks(page)
    const header = (name: string) => page.getByRole('columnheader', { name })
    const titles = () => rows(page).getByRole('link').allTextContents()
    /** The titles the API gives for the same query: the order the page must show. */
    const apiTitles = async (query: string, pages = 1) => {
      const found: string[] = []
      let cursor: string | undefined
      for (let page_ = 0; page_ < pages; page_++) {
        const params = new URLSearchParams(query)
        if (cursor) params.set('cursor', cursor)
        const response = await page.request.get(`/api/rest/books?${params}`)
        expect(response.status()).toBe(200)
        const body = (await response.json()) as { items: Array<{ title: string }>; nextCursor: string | null }
        found.push(...body.items.map((item) => item.title))
        cursor = body.nextCursor ?? undefined
      }
      return found
    }
    await expect(header('Title')).toHaveAttribute('aria-sort', 'ascending')
    await expect(header('Author')).toHaveAttribute('aria-sort', 'none')

    // A click on a header sorts by its column, then the other way.
    await header('Author').getByRole('link').click()
    await expect(page).toHaveURL(/\/manager\/books\?sort=author$/)
    await expect(header('Author')).toHaveAttribute('aria-sort', 'ascending')
    await expect(header('Title')).toHaveAttribute('aria-sort', 'none')
    await expect.poll(titles).toEqual(await apiTitles('sort=author'))
    await header('Author').getByRole('link').click()
    await expect(page).toHaveURL(/\?sort=author&order=desc$/)
    await expect(header('Author')).toHaveAttribute('aria-sort', 'descending')
    const authorsDown = await apiTitles('sort=author&order=desc', 2)
    await expect.poll(titles).toEqual(authorsDown.slice(0, 20))

    // Load more goes on in the same order; a reload keeps it.
    await page.getByRole('link', { name: 'Load more' }).click()
    await expect.poll(titles).toEqual(authorsDown)
    await page.reload()
    await expect(header('Author')).toHaveAttribute('aria-sort', 'descending')
    await expect.poll(titles).toEqual(authorsDown.slice(0, 20))

    // The keyboard: Enter on the focused header sorts, and the focus stays for the next Enter.
    const titleLink = header('Title').getByRole('link')
    await titleLink.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/manager\/books$/)
    await expect(header('Title')).toHaveAttribute('aria-sort', 'ascending')
    await expect(titleLink).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\?order=desc$/)
    await expect(header('Title')).toHaveAttribute('aria-sort', 'descending')
    await expect.poll(titles).toEqual(await apiTitles('order=desc'))

    // A genre: only its books, in the same order; with a search, both apply.
    const genres = (await (await page.request.get('/api/rest/genres')).json()) as {
      items: Array<{ id: string; name: string }>
    }
    const genre = genres.items[0]!
    const picker = page.getByRole('combobox', { name: 'Genre' })
    await picker.click()
    await page.getByRole('option', { name: genre.name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`\\?order=desc&genreId=${genre.id}$`))
    await expect.poll(titles).toEqual(await apiTitles(`order=desc&genreId=${genre.id}`))
    const genreCells = rows(page).locator('td:nth-child(3)')
    expect(await genreCells.count()).toBeGreaterThan(0)
    for (const text of await genreCells.allTextContents()) expect(text).toBe(genre.name)

    await page.reload()
    await expect(picker).toHaveValue(genre.name)
    await expect(header('Title')).toHaveAttribute('aria-sort', 'descending')
    const [first] = await titles()
    const word = first!.split(' ').at(-1)!
    await searchBox(page).fill(word)
    await expect(page).toHaveURL(new RegExp(`searchTerm=${word}`))
    await expect(page).toHaveURL(new RegExp(`genreId=${genre.id}`))
    await expect.poll(titles).toEqual(await apiTitles(`searchTerm=${word}&order=desc&genreId=${genre.id}`))

    // 'All genres' clears the filter; the sort and the search stay.
    await picker.click()
    await page.getByRole('option', { name: 'All genres' }).click()
    await expect(page).not.toHaveURL(/genreId/)
    await expect(page).toHaveURL(/order=desc/)
    await expect(searchBox(page)).toHaveValue(word)
  })

  test('a sort or a genre the list does not know falls back to the defaults', async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    const response = await page.goto('/manager/books?sort=publisher&order=sideways&genreId=no-such-genre')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/manager\/books$/)
    await expect(page.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows(page)).toHaveCount(20)
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
    // The server's refusal (409), as the browser logs it.
    await expectConsoleMessage(page, /status of 409 .*\/api\/rpc\/book\/update/)
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
