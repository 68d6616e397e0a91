import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, signOut, USER_EMAIL } from './support/sign-in'

test('/ redirects to /login', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email')).toBeVisible()
})

test('an admin signs in with the e-mailed code and lands on /manager (its dashboard)', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
  await expect(page.getByText('Welcome to the manager, Admin.')).toBeVisible()
  await page.getByRole('button', { name: /Admin/ }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})

test('a user signs in, lands on /app, signs out and is sent to login again', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, User!')).toBeVisible()

  await page.getByRole('link', { name: 'Account' }).click()
  // Sign-out asks for confirmation first (docs/product.md#states).
  await signOut(page)
  await expect(page.getByLabel('Email')).toBeVisible()

  // The session is gone: the area is guarded again.
  await page.goto('/app')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/)
  await expect(page.getByLabel('Email')).toBeVisible()
})
