import { expect, test } from './support/console'
import { requestCode, submitCode, USER_EMAIL } from './support/sign-in'

test('the login page validates the e-mail address', async ({ page }) => {
  await page.goto('/login')
  const email = page.getByLabel('Email')
  const submit = page.getByRole('button', { name: 'Continue with email' })

  await submit.click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')

  await email.fill('not-an-email')
  await submit.click()
  await expect(page.getByText('Email is invalid')).toBeVisible()
  await expect(page.getByText('Email is required')).toBeHidden()

  await email.fill('user@')
  await submit.click()
  await expect(page.getByText('Email is invalid')).toBeVisible()

  // Nothing was sent: still on the login page.
  await expect(page).toHaveURL(/\/login$/)
})

test('the verify page validates the code', async ({ page }) => {
  await requestCode(page, USER_EMAIL)
  await expect(page.getByText(`We sent a 6-digit code to ${USER_EMAIL}. It expires in 5 minutes.`)).toBeVisible()
  const code = page.getByLabel('Verification code')

  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Code is required')).toBeVisible()
  await expect(code).toHaveAttribute('aria-invalid', 'true')

  await submitCode(page, '123')
  await expect(page.getByText('Code should be 6 characters')).toBeVisible()

  // The field takes digits only: letters typed are not written (the server still refuses them, no-script.spec.ts).
  await code.clear()
  await code.pressSequentially('ab12c')
  await expect(code).toHaveValue('12')

  // None of these reached the server: no sign-in error, still on the verify page.
  await expect(page.getByText('This code is not valid')).toBeHidden()
  await expect(page).toHaveURL(/\/login\/verify\?/)
})

test('/login/verify without a valid e-mail goes back to /login', async ({ page }) => {
  await page.goto('/login/verify?email=not-an-email')
  await expect(page).toHaveURL(/\/login(\?|$)/)
  await expect(page).not.toHaveURL(/verify/)
  await expect(page.getByLabel('Email')).toBeVisible()

  await page.goto('/login/verify')
  await expect(page).toHaveURL(/\/login(\?|$)/)
  await expect(page).not.toHaveURL(/verify/)
})
