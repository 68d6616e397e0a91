import { expect, expectConsoleMessage, test } from './support/console'
import { ADMIN_EMAIL, signIn, uniqueEmail, USER_EMAIL } from './support/sign-in'

test('an admin creates a user, edits them, and sees a taken e-mail on its field', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/users')
  await page.getByRole('link', { name: 'New user' }).click()
  await expect(page).toHaveURL(/\/manager\/users\/new$/)

  // A taken address: the server's message on the e-mail field.
  await page.getByLabel('Name').fill('Taken Address')
  await page.getByLabel('Email').fill(USER_EMAIL)
  await page.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Email already used')).toBeVisible()
  // The server's refusal (409), as the browser logs it.
  await expectConsoleMessage(page, /status of 409 .*\/api\/rpc\/user\/create/)
  await expect(page).toHaveURL(/\/manager\/users\/new$/)

  const email = uniqueEmail('created')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role').selectOption('user')
  await page.getByRole('button', { name: 'Create user' }).click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
  await expect(page.getByRole('heading', { name: 'Taken Address' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByText('Not Verified')).toBeVisible()
  await expect(page.getByText('Not onboarded')).toBeVisible()
  await expect(page.getByTestId('audit-row').first()).toContainText('Created by Admin')

  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(/\/update$/)
  await expect(page.getByLabel('Name')).toHaveValue('Taken Address')
  await page.getByLabel('Name').fill('Edited Person')
  await page.getByLabel('Email').fill(USER_EMAIL)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Email already used')).toBeVisible()
  await expectConsoleMessage(page, /status of 409 .*\/api\/rpc\/user\/update/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role').selectOption('admin')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
  await expect(page.getByRole('heading', { name: 'Edited Person' })).toBeVisible()
  await expect(page.getByTestId('audit-row').first()).toContainText('Role changed to Admin by Admin')
  await expect(page.getByTestId('audit-row').nth(1)).toContainText('Updated by Admin')

  // Back on the list, the edited user is found under the new name.
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent('Edited Person')}`)
  await expect(page.getByRole('table', { name: 'Users' }).locator('tbody').getByRole('row').first()).toContainText(
    email,
  )
})

test('an admin cannot change their own role; leaving with unsaved changes asks first', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(ADMIN_EMAIL)}`)
  await page
    .getByRole('row', { name: new RegExp(ADMIN_EMAIL) })
    .getByRole('link')
    .click()
  await expect(page.getByText('You', { exact: true })).toBeVisible()
  // Never delete, ban or impersonate oneself.
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Ban' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Impersonate' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Role')).toBeDisabled()
  await expect(page.getByText('You cannot change your own role.')).toBeVisible()

  await page.getByLabel('Name').fill('Admin Changed')
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByText('Are you sure you want to leave?')).toBeVisible()
  await page.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(/\/update$/)
})
