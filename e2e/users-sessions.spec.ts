import { expect, test } from './support/console'
import { nextStepSignedIn, openUserAsAdmin, signInElsewhere, signUpElsewhere } from './support/users'

test('an admin revokes one session, then all: each browser is signed out at its next step', async ({
  page,
  browser,
}) => {
  test.slow() // three browsers, each signing in with an e-mailed code, then two revocations
  const first = await signUpElsewhere(browser, 'Two Browsers')
  const second = await signInElsewhere(browser, first.email)
  await openUserAsAdmin(page, first.email)

  const rows = page.getByTestId('session-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('Chrome')
  await expect(rows.first()).toContainText(/IP address/)
  await expect(rows.first()).toContainText(/Last active/)
  await expect(rows.first()).toContainText(/Expires/)
  // The page never receives a session token.
  // (the dehydrated data writes keys unquoted: `token:"…"`)
  const html = await page.content()
  expect(html).not.toMatch(/\btoken"?\s*:/)

  // Newest first: the second browser's session is the first row.
  await rows
    .first()
    .getByRole('button', { name: /Revoke the session/ })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  // The toast (the audit trail below also gains a 'Session revoked' row).
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Session revoked', { exact: true }),
  ).toBeVisible()
  await expect(rows).toHaveCount(1)
  expect(await nextStepSignedIn(second.page)).toBe(false)
  expect(await nextStepSignedIn(first.page)).toBe(true)

  await page.getByRole('button', { name: 'Revoke all' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke all' }).click()
  await expect(page.getByText('No active session.')).toBeVisible()
  expect(await nextStepSignedIn(first.page)).toBe(false)
  await expect(page.getByTestId('audit-row').first()).toContainText('All sessions revoked by Admin')
  await expect(page.getByTestId('audit-row').nth(1)).toContainText('Session revoked by Admin')
  await first.context.close()
  await second.context.close()
})
