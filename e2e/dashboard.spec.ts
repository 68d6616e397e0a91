import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'

interface Summary {
  books: { value: number; exact: boolean }
  genres: { value: number; exact: boolean }
  users: { value: number; exact: boolean }
  activeSessions: { value: number; exact: boolean }
  newUsersThisWeek: { value: number; exact: boolean }
  latestBooks: Array<{ id: string; title: string; author: string }>
}

const FIGURES = [
  ['books', 'Books'],
  ['genres', 'Genres'],
  ['users', 'Users'],
  ['activeSessions', 'Active sessions'],
  ['newUsersThisWeek', 'New sign-ups this week'],
] as const

test('an admin sees the live figures and opens one of the latest books', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)

  // The same figures as the API gives this admin (page.request shares the session cookie).
  const response = await page.request.get('/api/rest/dashboard')
  expect(response.status()).toBe(200)
  const summary = (await response.json()) as Summary
  expect(summary.books.value).toBeGreaterThan(0)
  expect(summary.activeSessions.value).toBeGreaterThan(0)

  // Server-rendered: the figures are in the HTML before any script runs.
  const html = await (await page.request.get('/manager/dashboard')).text()
  expect(html).toContain('Active sessions')
  expect(html).toContain(summary.latestBooks[0]!.title.replace(/'/g, '&#x27;'))

  await page.reload()
  const figures = page.getByRole('region', { name: 'Figures' })
  for (const [key, label] of FIGURES) {
    const term = figures.getByRole('term').filter({ hasText: label })
    await expect(term).toHaveCount(1)
    const value = new Intl.NumberFormat('en').format(summary[key].value)
    await expect(
      figures
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^(About )?${value}$`) })
        .first(),
    ).toBeVisible()
  }

  const latest = page.getByRole('region', { name: 'Latest books' })
  const links = latest.getByRole('link').filter({ hasNotText: 'All books' })
  await expect(links).toHaveCount(summary.latestBooks.length)
  await expect(links.first()).toContainText(summary.latestBooks[0]!.title)
  await expect(links.first()).toContainText(`by ${summary.latestBooks[0]!.author}`)

  await links.first().click()
  await expect(page).toHaveURL(new RegExp(`/manager/books/${summary.latestBooks[0]!.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: summary.latestBooks[0]!.title })).toBeVisible()
})
