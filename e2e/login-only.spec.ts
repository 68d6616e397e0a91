import { expect, expectConsoleMessage, test } from './support/console'
import { newOidcIdentity, setOidcIdentity } from './support/oidc'
import { signIn, uniqueEmail, USER_EMAIL } from './support/sign-in'
import { signInWithOidc } from './support/social'

// The `login-only` project: an app with AUTH_SIGNUP=false.

test('the login-only variant does not offer sign-up', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByText('we will send you a code to sign in.')).toBeVisible()
  await expect(page.getByText('create your account')).toHaveCount(0)
})

test('an unknown address gets no code: Account not found', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(uniqueEmail('unknown'))
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/error\?error=signup_disabled$/)
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible()
  // The server's refusal (403), as the browser logs it.
  await expectConsoleMessage(page, /status of 403 .*\/api\/auth\/email-otp\/send-verification-otp/)
  await expect(page.getByText('You need an account to sign in')).toBeVisible()
  await page.getByRole('link', { name: 'Go back to login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('an unknown account at the OpenID provider is not created: Account not found', async ({ page }) => {
  await setOidcIdentity(newOidcIdentity('oidc-unknown'))
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/login\/error\?error=signup_disabled/)
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible()
})

test('an existing account signs in by code', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await expect(page).toHaveURL(/\/app$/)
})

test('an existing account signs in with the OpenID provider (same e-mail)', async ({ page }) => {
  await setOidcIdentity({ sub: 'seeded-user', email: USER_EMAIL, name: 'User' })
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, User!')).toBeVisible()
})
