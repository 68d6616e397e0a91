import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { readLoginCode } from './support/mailbox'
import { ADMIN_EMAIL, signIn, uniqueEmail, USER_EMAIL } from './support/sign-in'

/** A brand-new account, onboarded as `name`, on its account page. */
async function newAccount(page: Page, name: string, prefix = 'account') {
  const email = uniqueEmail(prefix)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await openAccount(page)
  return email
}

async function openAccount(page: Page, path = '/app/account') {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
}

test('the user card shows the name and e-mail; the change-name drawer follows the URL', async ({ page }) => {
  const email = await newAccount(page, 'Card Holder')
  await expect(page.getByTestId('account-name')).toHaveText('Card Holder')
  await expect(page.getByTestId('account-email')).toContainText(email)

  // Opening adds ?state=change-name; Back closes it.
  await page.getByRole('button', { name: 'Change name' }).click()
  await expect(page).toHaveURL(/\/app\/account\?state=change-name$/)
  const dialog = page.getByRole('dialog', { name: 'Change your name' })
  await expect(dialog.getByLabel('Name')).toHaveValue('Card Holder')
  await page.goBack()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/app\/account$/)

  // The URL opens it; anything else than change-name is no drawer.
  await page.goto('/app/account?state=change-name')
  await expect(page.getByRole('dialog', { name: 'Change your name' })).toBeVisible()
  await page.goto('/app/account?state=bogus')
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('changing the name checks it, saves it and shows it everywhere without a reload', async ({ page }) => {
  await newAccount(page, 'Old Name')
  await page.getByRole('button', { name: 'Change name' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change your name' })
  const name = dialog.getByLabel('Name')
  await name.fill('  ')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await name.fill('<b>bold</b>')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Name is invalid')).toBeVisible()

  await name.fill('New Name')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Your name has been updated')).toBeVisible()
  await expect(page.getByTestId('account-name')).toHaveText('New Name')
  await expect(page).toHaveURL(/\/app\/account$/)
  await page.reload()
  await expect(page.getByTestId('account-name')).toHaveText('New Name')
})

test("a failed change of name shows 'Failed to update your name'", async ({ page }) => {
  await newAccount(page, 'Stays Put')
  await page.route('**/api/auth/update-user', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }))
  await page.getByRole('button', { name: 'Change name' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change your name' })
  await dialog.getByLabel('Name').fill('Never Saved')
  await dialog.getByRole('button', { name: 'Save' }).click()
  // After the auth client's retries (3, 1000 ms apart).
  await expect(page.getByText('Failed to update your name')).toBeVisible({ timeout: 10_000 })
  // The failure this test makes, as the browser logs it.
  await expectConsoleMessage(page, /status of 500 .*\/api\/auth\/update-user/)
  await expect(dialog).toBeVisible()
})

test('another open tab shows the new name without a reload', async ({ page, context }) => {
  await newAccount(page, 'Two Tabs')
  const other = await context.newPage()
  await openAccount(other)
  await expect(other.getByTestId('account-name')).toHaveText('Two Tabs')

  await page.getByRole('button', { name: 'Change name' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change your name' })
  await dialog.getByLabel('Name').fill('Renamed Elsewhere')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('account-name')).toHaveText('Renamed Elsewhere')
  await expect(other.getByTestId('account-name')).toHaveText('Renamed Elsewhere')
})

test('changing the e-mail address: a code sent to the new address confirms it', async ({ page }) => {
  await newAccount(page, 'Mover', 'old-address')
  await page.getByRole('button', { name: 'Change e-mail' }).click()
  let dialog = page.getByRole('dialog', { name: 'Change your e-mail address' })

  // Taken: 'Email already used'.
  await dialog.getByLabel('New e-mail address').fill(USER_EMAIL)
  await dialog.getByRole('button', { name: 'Send a code' }).click()
  await expect(page.getByText('Email already used')).toBeVisible()
  // The server's refusals (400) this test asks for, as the browser logs them.
  await expectConsoleMessage(page, /status of 400 .*\/api\/auth\/email-otp\/request-email-change/)

  const newEmail = uniqueEmail('new-address')
  await dialog.getByLabel('New e-mail address').fill(newEmail)
  const after = new Date()
  await dialog.getByRole('button', { name: 'Send a code' }).click()
  await expect(page).toHaveURL(new RegExp(`newEmail=${encodeURIComponent(newEmail)}`))
  dialog = page.getByRole('dialog', { name: 'Check your new e-mail' })
  await expect(dialog.getByText(newEmail)).toBeVisible()

  // A wrong code first.
  // A whole code sends itself on its last digit.
  await dialog.getByLabel('Verification code').pressSequentially('000000')
  await expect(page.getByText('This code is not valid')).toBeVisible()
  await expectConsoleMessage(page, /status of 400 .*\/api\/auth\/email-otp\/change-email/)

  await dialog.getByLabel('Verification code').clear()
  await dialog.getByLabel('Verification code').pressSequentially(await readLoginCode(newEmail, { after }))
  await expect(page.getByText(`Your e-mail address is now ${newEmail}`)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(/\/app\/account$/)
  await expect(page.getByTestId('account-email')).toContainText(newEmail)

  // The new address signs in to the same account.
  await page.context().clearCookies()
  await signIn(page, newEmail)
  await expect(page.getByText('Welcome, Mover!')).toBeVisible()
})

test('the sessions list shows each device, marks this one, and signs others out', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await newAccount(page, 'Many Devices')
  // Two more devices: a phone and another browser.
  const phone = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  })
  const laptop = await browser.newContext({ baseURL })
  const phonePage = await phone.newPage()
  const laptopPage = await laptop.newPage()
  await signIn(phonePage, email)
  await signIn(laptopPage, email)

  await page.reload()
  const sessions = page.getByTestId('session')
  await expect(sessions).toHaveCount(3)
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1)
  await expect(sessions.filter({ hasText: 'Mobile Safari 17 on iOS 17.5' })).toHaveCount(1)
  // The separator keeps to the part before it (a no-break space): never alone at the start of a line.
  await expect(sessions.first()).toContainText(/Signed in .*\s·\sLast active\s/)

  // Sign the phone out: it is sent to the login page on its next navigation.
  await page.getByRole('button', { name: 'Sign out of Mobile Safari 17 on iOS 17.5' }).click()
  await expect(page.getByText('The device has been signed out')).toBeVisible()
  await expect(sessions).toHaveCount(2)
  await phonePage.goto('/app')
  await expect(phonePage).toHaveURL(/\/login\?redirect=/)

  // All other devices.
  await page.getByRole('button', { name: 'Sign out of all other devices' }).click()
  await page
    .getByRole('alertdialog', { name: 'Sign out of all other devices?' })
    .getByRole('button', { name: 'Sign out of all other devices' })
    .click()
  await expect(page.getByText('All other devices have been signed out')).toBeVisible()
  await expect(sessions).toHaveCount(1)
  await expect(sessions.first()).toContainText('This device')
  await laptopPage.goto('/app')
  await expect(laptopPage).toHaveURL(/\/login\?redirect=/)
  await expect(page.getByRole('button', { name: 'Sign out of all other devices' })).toBeDisabled()

  await phone.close()
  await laptop.close()
})

test('deleting one’s account asks first, then signs out for good', async ({ page }) => {
  const email = await newAccount(page, 'Short Lived', 'delete-me')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)

  await page.getByRole('button', { name: 'Delete my account' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your account has been deleted')).toBeVisible()

  // The address is new again: signing in starts a new account.
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
})

test("sign-out asks first; a failure shows 'Sign out failed'", async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await openAccount(page)
  await page.route('**/api/auth/sign-out', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }))
  // This is the dialog's own failure, so the page's script must have run: before it, the button
  // leads to the /logout page instead (e2e/no-script.spec.ts). Its script-only buttons tell when.
  await expect(page.getByRole('button', { name: 'Change name' })).toBeEnabled()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await page.getByRole('alertdialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click()
  // After the auth client's retries (3, 1000 ms apart).
  await expect(page.getByText('Sign out failed')).toBeVisible({ timeout: 10_000 })
  await expectConsoleMessage(page, /status of 500 .*\/api\/auth\/sign-out/)
  await expect(page).toHaveURL(/\/app\/account$/)
})

test('the manager area has the same account page', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL)
  await openAccount(page, '/manager/account')
  await expect(page.getByTestId('account-email')).toContainText(ADMIN_EMAIL)
  await expect(page.getByRole('heading', { name: 'Display preferences' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible()
  await page.getByRole('button', { name: 'Change name' }).click()
  await expect(page).toHaveURL(/\/manager\/account\?state=change-name$/)
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/manager\/account$/)
})
