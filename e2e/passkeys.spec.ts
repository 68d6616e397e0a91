import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { addVirtualAuthenticator } from './support/passkeys'
import { signIn, signOut, uniqueEmail } from './support/sign-in'

/** A brand-new account, onboarded as `name`, on its account page. */
async function newAccount(page: Page, name: string) {
  const email = uniqueEmail('passkey')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await page.goto('/app/account')
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  return email
}

async function addPasskey(page: Page, name: string) {
  await page.getByLabel('Name of the new passkey').fill(name)
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('The passkey has been added')).toBeVisible()
}

/** Counts the login page's requests for passkey sign-in options (each starts a ceremony). */
function countPasskeyRequests(page: Page) {
  let count = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/passkey/generate-authenticate-options')) count++
  })
  return () => count
}

test('a passkey added on the account page signs in by the button; removed, it no longer does', async ({ page }) => {
  test.slow() // a new account, a passkey added, two sign-outs, a sign-in and a removal
  const authenticator = await addVirtualAuthenticator(page)
  await newAccount(page, 'Passkey Holder')
  await expect(page.getByText('No passkey yet.')).toBeVisible()

  await addPasskey(page, 'Test laptop')
  const passkey = page.getByTestId('passkey')
  await expect(passkey).toHaveCount(1)
  await expect(passkey).toContainText('Test laptop')
  await expect(passkey).toContainText('Last used never')
  expect(await authenticator.credentials()).toHaveLength(1)

  // The e-mail field's autofill asks for passkeys only once the person reaches for the field
  // (and the virtual authenticator would answer it at once): untouched, the button is the path.
  const passkeyRequests = countPasskeyRequests(page)
  await signOut(page)
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled()
  expect(passkeyRequests()).toBe(0)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Passkey Holder!')).toBeVisible()
  expect(passkeyRequests()).toBe(1)

  await page.goto('/app/account')
  await expect(passkey).not.toContainText('Last used never')
  await passkey.getByRole('button', { name: 'Remove Test laptop' }).click()
  await page.getByRole('alertdialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('The passkey has been removed')).toBeVisible()
  await expect(page.getByText('No passkey yet.')).toBeVisible()

  // The authenticator still holds it, but no account here knows it any more.
  await signOut(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByText('This passkey belongs to no account here')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await expectConsoleMessage(page, /status of 401 .*\/api\/auth\/passkey\/verify-authentication/)
})

test("the e-mail field offers the account's passkey (the browser's autofill)", async ({ page }) => {
  await addVirtualAuthenticator(page)
  await newAccount(page, 'Autofill Holder')
  await addPasskey(page, 'Autofill key')
  await signOut(page)

  // Reaching for the e-mail field, the login page asks the browser for passkeys for its
  // suggestions (conditional mediation); the virtual authenticator answers the pending
  // request at once, as a person picking the suggestion: signed in without a button.
  await page.getByLabel('Email').click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Autofill Holder!')).toBeVisible()
})
