import { expect, test } from './support/console'
import { openUserAsAdmin, signUpElsewhere } from './support/users'

test('an admin impersonates a user (banner in /app), then stops and is back on the user’s page', async ({
  page,
  browser,
}) => {
  const target = await signUpElsewhere(browser, 'Acted Upon')
  await target.context.close()
  await openUserAsAdmin(page, target.email)
  const userPage = page.url()

  await page.getByRole('button', { name: 'Impersonate' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Impersonate' }).click()
  await expect(page).toHaveURL(/\/app$/)
  const banner = page.getByTestId('impersonation-banner')
  await expect(banner).toHaveText(`You are acting as Acted Upon (${target.email}).`)
  await expect(page.getByText('Welcome, Acted Upon!')).toBeVisible()

  // On every page, after a full load too.
  await page.goto('/app/books')
  await expect(banner).toBeVisible()

  await page.getByRole('button', { name: 'Stop impersonating' }).click()
  await expect(page).toHaveURL(userPage)
  await expect(page.getByRole('heading', { name: 'Acted Upon' })).toBeVisible()
  await expect(banner).toHaveCount(0)
  // Stopped from the impersonated session: the admin's act, done as the user.
  await expect(page.getByTestId('audit-row').first()).toContainText('Impersonation stopped by Admin as Acted Upon')
  await expect(page.getByTestId('audit-row').nth(1)).toContainText('Impersonated by Admin')
})
