import { expect, expectConsoleMessage, test } from './support/console'
import { signIn } from './support/sign-in'
import { nextStepSignedIn, openUserAsAdmin, signUpElsewhere } from './support/users'

test('banning a user ends their open session at its next step; unbanning lets them back', async ({ page, browser }) => {
  // Two people, two sign-ins and eight steps: more than the default 30 s on a busy machine.
  test.slow()
  const target = await signUpElsewhere(browser, 'Banned Person')
  await openUserAsAdmin(page, target.email)
  await expect(page.getByTestId('ban-state')).toHaveText('Active')

  await page.getByRole('button', { name: 'Ban' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ban Banned Person?' })
  await dialog.getByLabel('Reason').fill('Spamming the catalogue')
  await dialog.getByLabel('End date (optional)').fill('2099-12-31')
  await dialog.getByRole('button', { name: 'Ban user' }).click()
  await expect(page.getByText('User banned')).toBeVisible()
  await expect(page.getByTestId('ban-state')).toContainText('Banned until')
  await expect(page.getByTestId('ban-state')).toContainText('Reason: Spamming the catalogue')
  await expect(page.getByText('No active session.')).toBeVisible()
  await expect(page.getByTestId('audit-row').first()).toContainText('Banned by Admin')

  // The banned user's browser, still open: its next step lands on the login page.
  expect(await nextStepSignedIn(target.page)).toBe(false)
  await expect(target.page).toHaveURL(/\/login/)
  // Signing in again is refused with the spec's message: no code is even sent.
  await target.page.getByLabel('Email').fill(target.email)
  await target.page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(target.page.getByText('You have been banned from this application')).toBeVisible()
  // Sent by the script, the server's refusal (403) is logged; a click before the script posts the form, and the 403 is the page's own.
  await expectConsoleMessage(target.page, /status of 403 .*\/api\/auth\/email-otp\/send-verification-otp/, {
    ifAny: true,
  })
  await expect(target.page).toHaveURL(/\/login(\?|$)/)

  // The list marks the user as banned.
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(target.email)}`)
  await expect(page.getByRole('table', { name: 'Users' }).locator('tbody').getByRole('row').first()).toContainText(
    'Banned',
  )

  await page
    .getByRole('row', { name: new RegExp(target.email.replace(/[.+]/g, '\\$&')) })
    .getByRole('link')
    .click()
  await page.getByRole('button', { name: 'Unban' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unban' }).click()
  await expect(page.getByTestId('ban-state')).toHaveText('Active')
  await expect(page.getByTestId('audit-row').first()).toContainText('Unbanned by Admin')
  await signIn(target.page, target.email)
  await expect(target.page).toHaveURL(/\/app$/)
  await target.context.close()
})
