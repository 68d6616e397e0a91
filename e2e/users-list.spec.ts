import { banUser } from './support/admin'
import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, uniqueEmail } from './support/sign-in'

test('an admin searches users by name and e-mail and pages through them', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/users')
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()

  const showing = page.getByTestId('list-showing')
  await expect(showing).toHaveText(/^Showing 20 of \d+$/)
  const total = Number(/of (\d+)/.exec((await showing.textContent())!)![1])
  expect(total).toBeGreaterThanOrEqual(102)
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody').getByRole('row')
  await expect(rows).toHaveCount(20)
  await page.getByRole('link', { name: 'Load more' }).click()
  await expect(showing).toHaveText(`Showing 40 of ${total}`)
  await expect(rows).toHaveCount(40)

  // Search on the name, bound to ?searchTerm=
  await page.getByLabel('Search users by name or e-mail').fill('amina')
  await expect(page).toHaveURL(/searchTerm=amina/)
  await expect(page.getByTestId('list-results')).toHaveText('10 results for “amina”')
  await expect(rows).toHaveCount(10)
  for (const name of await rows.allTextContents()) expect(name).toMatch(/Amina/)
  // Seeded users have verified their address.
  await expect(rows.first()).toContainText('Verified')

  // …and on the e-mail; the admin's own address is verified, with the role shown.
  await page.getByLabel('Search users by name or e-mail').fill('ADMIN@admin')
  await expect(page.getByTestId('list-results')).toHaveText('1 result for “ADMIN@admin”')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(ADMIN_EMAIL)
  await expect(rows.first()).toContainText('Verified')
  await expect(rows.first()).not.toContainText('Not Verified')
  await expect(rows.first()).toContainText('Admin')

  // A user an admin created has not: 'Not Verified'.
  const created = await page.request.post('/api/rest/users', {
    data: { name: 'Unverified Person', email: uniqueEmail('unverified'), role: 'user' },
  })
  expect(created.status()).toBe(201)
  await page.getByLabel('Search users by name or e-mail').fill('Unverified Person')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Not Verified')

  await page.getByLabel('Search users by name or e-mail').fill('no such person at all')
  await expect(page.getByText('No results for “no such person at all”')).toBeVisible()

  // The search survives a reload (server-rendered from the URL).
  await page.reload()
  await expect(page.getByLabel('Search users by name or e-mail')).toHaveValue('no such person at all')
})

test('an admin sorts users by name or e-mail and filters by role and banned state, kept in the URL (issue 27)', async ({
  page,
  browser,
  baseURL,
}) => {
  // A banned user of their own, so that the banned filter has someone to find.
  const bannedEmail = uniqueEmail('banned-filter')
  await signIn(page, ADMIN_EMAIL)
  const created = await page.request.post('/api/rest/users', {
    data: { name: 'Banned Filter Person', email: bannedEmail, role: 'user' },
  })
  expect(created.status()).toBe(201)
  await banUser(browser, baseURL!, bannedEmail)

  await page.goto('/manager/users')
  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody').getByRole('row')
  const names = () => rows.getByRole('link').allTextContents()
  const header = (name: string) => page.getByRole('columnheader', { name })
  /** The names the API gives for the same query, in the order the page must show them (a user without a name yet by their address). */
  const apiNames = async (query: string) => {
    const response = await page.request.get(`/api/rest/users?${query}`)
    expect(response.status()).toBe(200)
    return ((await response.json()) as { items: Array<{ name: string; email: string }> }).items.map(
      (item) => item.name || item.email,
    )
  }
  await expect(header('Name')).toHaveAttribute('aria-sort', 'ascending')

  await header('Email').getByRole('link').click()
  await expect(page).toHaveURL(/\/manager\/users\?sort=email$/)
  await expect(header('Email')).toHaveAttribute('aria-sort', 'ascending')
  await expect(header('Name')).toHaveAttribute('aria-sort', 'none')
  await expect.poll(names).toEqual(await apiNames('sort=email'))

  // The keyboard: Enter on the focused header turns the order.
  await header('Email').getByRole('link').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?sort=email&order=desc$/)
  await expect(header('Email')).toHaveAttribute('aria-sort', 'descending')
  await expect.poll(names).toEqual(await apiNames('sort=email&order=desc'))

  // Admins only, in the same order; a reload keeps the sort and the filter.
  await page.getByLabel('Role').selectOption({ label: 'Admin' })
  await expect(page).toHaveURL(/\?sort=email&order=desc&role=admin$/)
  await expect.poll(names).toEqual(await apiNames('sort=email&order=desc&role=admin'))
  for (const text of await rows.locator('td:nth-child(3)').allTextContents()) expect(text).toContain('Admin')
  await page.reload()
  await expect(page.getByLabel('Role')).toHaveValue('admin')
  await expect(header('Email')).toHaveAttribute('aria-sort', 'descending')
  await expect(rows.filter({ hasText: ADMIN_EMAIL })).toHaveCount(1)

  // Banned people (of any role): ours among them, every row marked.
  await page.getByLabel('Role').selectOption({ label: 'All roles' })
  await page.getByLabel('Access').selectOption({ label: 'Banned' })
  await expect(page).toHaveURL(/\?sort=email&order=desc&banned=true$/)
  await expect(rows.filter({ hasText: bannedEmail })).toHaveCount(1)
  for (const text of await rows.allTextContents()) expect(text).toContain('Banned')

  // With a search; then 'Active' leaves the banned out.
  await page.getByLabel('Search users by name or e-mail').fill('Banned Filter')
  await expect(page).toHaveURL(/searchTerm=Banned\+Filter|searchTerm=Banned%20Filter/)
  await expect(rows).toHaveCount(await apiNames(`searchTerm=Banned+Filter&banned=true`).then((found) => found.length))
  await page.getByLabel('Access').selectOption({ label: 'Active' })
  await expect(page).toHaveURL(/banned=false/)
  await expect(rows.filter({ hasText: bannedEmail })).toHaveCount(0)
  await page.reload()
  await expect(page.getByLabel('Access')).toHaveValue('false')
  await expect(page.getByLabel('Search users by name or e-mail')).toHaveValue('Banned Filter')
})

test('a sort or a filter the user list does not know falls back to the defaults', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  const response = await page.goto('/manager/users?sort=password&order=up&role=superuser&banned=maybe')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
  await expect(page.getByLabel('Role')).toHaveValue('')
  await expect(page.getByLabel('Access')).toHaveValue('')
  await expect(page.getByRole('table', { name: 'Users' }).locator('tbody').getByRole('row')).toHaveCount(20)
})

test('an unknown user id shows the manager’s not-found screen with a 404', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  const response = await page.goto('/manager/users/does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
  // Inside the manager's layout, not the root's bare page.
  await expect(page.getByRole('navigation', { name: 'Manager navigation' }).first()).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/manager')
})
