import { expect, test } from './support/console'
import { denyNextOidcSignIn, newOidcIdentity, OIDC_NAME, setOidcIdentity } from './support/oidc'
import { signOut } from './support/sign-in'
import { signInWithOidc } from './support/social'

test('the login page has a button per configured provider: OpenID Connect here, no GitHub', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: `Continue with ${OIDC_NAME}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toHaveCount(0)
  // The sign-up variant says so.
  await expect(page.getByText('or to create your account if you have none')).toBeVisible()
})

test('a new user signs up with the OpenID provider, is onboarded, signs out and signs in again to the same account', async ({
  page,
}) => {
  const person = newOidcIdentity()
  await setOidcIdentity(person)

  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/onboarding(\?|$)/)
  await page.getByLabel('Name').fill('Oidc Newcomer')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Oidc Newcomer!')).toBeVisible()

  await page.goto('/app/account')
  await expect(page.getByTestId('account-email')).toContainText(person.email)
  await signOut(page)

  // Same person again: the same account, already onboarded.
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Oidc Newcomer!')).toBeVisible()
})

test('a sign-in started from a guarded page comes back to it', async ({ page }) => {
  const person = newOidcIdentity('oidc-redirect')
  await setOidcIdentity(person)
  await page.goto('/app/account')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await signInWithOidc(page, page.url())
  await expect(page).toHaveURL(/\/onboarding\?/)
  await page.getByLabel('Name').fill('Back Here')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app\/account$/)
})

test('an error from the provider lands on /login/error', async ({ page }) => {
  await denyNextOidcSignIn('access_denied')
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/login\/error\?error=access_denied/)
  await expect(page.getByRole('heading', { name: 'Unable to sign in, please try again' })).toBeVisible()

  await denyNextOidcSignIn('server_error')
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/login\/error\?error=server_error/)
  await expect(page.getByRole('heading', { name: 'Sign in failed, please try again' })).toBeVisible()
})
