import { expect, test } from '@playwright/test'

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

test('an unknown user id shows the manager’s not-found screen with a 404', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  const response = await page.goto('/manager/users/does-not-exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
  // Inside the manager's layout, not the root's bare page.
  await expect(page.getByRole('navigation', { name: 'Manager navigation' }).first()).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/manager')
})
