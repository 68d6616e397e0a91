// The e-mails a person gets besides the sign-in code, read from the SMTP catcher (issue 29 part 5).
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import type { CaughtMessage } from './support/mail-catcher'
import { listMessages, readLoginCode } from './support/mailbox'
import { signIn, uniqueEmail } from './support/sign-in'

/** The e-mail to `email` titled `subject`, once it has arrived. */
async function mailTo(email: string, subject: string): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined
  await expect
    .poll(async () => {
      const all = await listMessages(email)
      found = all.find((message) => message.subject === subject)
      return all.filter((message) => message.subject === subject).length
    })
    .toBe(1)
  return found!
}

async function onboard(page: Page, prefix: string, name: string) {
  const email = uniqueEmail(prefix)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  return email
}

test('a welcome arrives once onboarding is done, with the product in the subject and a link back', async ({
  page,
  baseURL,
}) => {
  const email = await onboard(page, 'welcome', 'Ada Lovelace')
  const mail = await mailTo(email, 'Welcome to Start Books')
  expect(mail.text).toContain('Your Start Books account is ready.')
  expect(mail.text).toContain(`${baseURL}/app`)
  expect(mail.html).toContain(`href="${baseURL}/app"`)
  expect(mail.html).toContain('Welcome, Ada Lovelace!')
  expect(mail.html).toMatch(/<html[^>]*\bdir="ltr"/)
})

test('a change of e-mail address is told to the old address and to the new one', async ({ page, baseURL }) => {
  // Sign-up, onboarding, then the change of address: three flows in one.
  test.slow()
  const oldEmail = await onboard(page, 'changing', 'Mover')
  await page.goto('/app/account')
  await page.getByRole('button', { name: 'Change e-mail' }).click()
  const newEmail = uniqueEmail('changed')
  await page.getByRole('dialog').getByLabel('New e-mail address').fill(newEmail)
  const after = new Date()
  await page.getByRole('dialog').getByRole('button', { name: 'Send a code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Check your new e-mail' })
  // A whole code sends itself on its last digit.
  await dialog.getByLabel('Verification code').pressSequentially(await readLoginCode(newEmail, { after }))
  await expect(page.getByText(`Your e-mail address is now ${newEmail}`)).toBeVisible()

  const subject = 'The e-mail address of your Start Books account was changed'
  const [toOld, toNew] = [await mailTo(oldEmail, subject), await mailTo(newEmail, subject)]
  expect(toOld.text).toContain(`was changed from ${oldEmail} to ${newEmail}`)
  expect(toNew.text).toContain(`This address, ${newEmail}, is now the one of your account`)
  for (const mail of [toOld, toNew]) expect(mail.html).toContain(`href="${baseURL}/app/account"`)
})
