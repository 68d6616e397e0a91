import { expect, expectConsoleMessage, test } from './support/console'
import { readLoginCode } from './support/mailbox'
import { requestCode, submitCode, USER_EMAIL } from './support/sign-in'

test('a wrong code shows an error, and the right code still works after it', async ({ page }) => {
  const after = await requestCode(page, USER_EMAIL)
  const code = await readLoginCode(USER_EMAIL, { after })
  // A well-formed code that is surely not the one sent.
  const wrong = code === '000000' ? '111111' : '000000'

  await submitCode(page, wrong)
  await expect(page.getByText('This code is not valid')).toBeVisible()
  await expect(page).toHaveURL(/\/login\/verify\?/)
  // The server's refusal of the wrong code (a 400), which the browser logs as a failed request.
  await expectConsoleMessage(page, /status of 400 .*\/api\/auth\/sign-in\/email-otp/)

  await submitCode(page, code)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, User!')).toBeVisible()
})

test('"Send a new code" e-mails a new code that signs in', async ({ page }) => {
  await requestCode(page, USER_EMAIL)
  const after = new Date()
  await page.getByRole('button', { name: 'Send a new code' }).click()
  await expect(page.getByText('A new code has been sent.')).toBeVisible()
  const code = await readLoginCode(USER_EMAIL, { after })

  await submitCode(page, code)
  await expect(page).toHaveURL(/\/app$/)
})
