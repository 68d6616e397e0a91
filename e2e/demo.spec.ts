// Runs in the `demo` project, against the app started with DEMO_MODE=true (playwright.config.ts).
import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { listMessages } from './support/mailbox'
import { requestCode, submitCode, uniqueEmail, USER_EMAIL } from './support/sign-in'

async function demoCode(page: Page) {
  const code = page.getByTestId('demo-code')
  await expect(code).toHaveText(/^\d{6}$/)
  return (await code.textContent())!
}

test('the login page lists the demo accounts; a click fills the e-mail', async ({ page }) => {
  await page.goto('/login')
  const hint = page.getByRole('complementary', { name: 'Demo mode' })
  await expect(hint).toContainText('sign in with one of these accounts')
  await hint.getByRole('button', { name: USER_EMAIL }).click()
  await expect(page.getByLabel('Email')).toHaveValue(USER_EMAIL)
})

test('the verify page shows the code of a demo account, which signs in; nothing is e-mailed', async ({ page }) => {
  const after = await requestCode(page, USER_EMAIL)
  const code = await demoCode(page)
  await submitCode(page, code)
  await expect(page).toHaveURL(/\/app$/)
  // The public demo addresses never receive mail.
  expect((await listMessages(USER_EMAIL)).filter((m) => new Date(m.date) >= after)).toEqual([])
})

test('"Use this code" fills the field and signs in; a new code replaces the hint', async ({ page }) => {
  await requestCode(page, 'admin@admin.com')
  const first = await demoCode(page)
  await page.getByRole('button', { name: 'Send a new code' }).click()
  await expect(page.getByText('A new code has been sent.')).toBeVisible()
  await expect(page.getByTestId('demo-code')).not.toHaveText(first)
  // A whole code in the field sends itself, as if typed.
  await page.getByRole('button', { name: 'Use this code' }).click()
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
})

test('another existing account gets its code by e-mail, never in the hint', async ({ page }) => {
  await requestCode(page, 'amina.ali@example.com')
  await expect(page.getByLabel('Verification code')).toBeVisible()
  await expect(page.getByTestId('demo-code')).toHaveCount(0)
})

test('an unknown address cannot sign up: /login/error?error=signup_disabled', async ({ page }) => {
  const email = uniqueEmail('demo')
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/error\?error=signup_disabled$/)
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible()
  await expect(page.getByText('You need an account to sign in')).toBeVisible()
  expect(await listMessages(email)).toEqual([])

  await page.getByRole('link', { name: 'Go back to login' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // Demo mode's refusal of a new address, logged when the script sent it.
  await expectConsoleMessage(page, /status of 403 .*send-verification-otp/, { ifAny: true })
})

test('the login error page: access_denied, unknown_error and any other value', async ({ page }) => {
  await page.goto('/login/error?error=access_denied')
  await expect(page.getByRole('heading', { name: 'Unable to sign in, please try again' })).toBeVisible()
  for (const value of ['unknown_error', 'anything', '']) {
    await page.goto(`/login/error?error=${value}`)
    await expect(page.getByRole('heading', { name: 'Sign in failed, please try again' })).toBeVisible()
  }
})

test('a signed-in demo user is refused every mutation by the server (403 DEMO_MODE), and can sign out', async ({
  page,
  baseURL,
}) => {
  await requestCode(page, USER_EMAIL)
  await submitCode(page, await demoCode(page))
  await expect(page).toHaveURL(/\/app$/)

  // The page's API context shares the browser's cookies and sends the app's origin.
  const headers = { origin: baseURL! }
  for (const [path, data] of [
    ['/api/auth/update-user', { name: 'Changed in the demo' }],
    ['/api/auth/delete-user', {}],
    ['/api/auth/revoke-sessions', {}],
    ['/api/auth/admin/ban-user', { userId: 'any' }],
  ] as const) {
    const response = await page.request.post(path, { data, headers })
    expect(response.status(), path).toBe(403)
    expect((await response.json()).code, path).toBe('DEMO_MODE')
  }

  const session = await page.request.get('/api/auth/get-session')
  expect(session.status()).toBe(200)
  expect((await session.json()).user.name).toBe('User')

  const signOut = await page.request.post('/api/auth/sign-out', { data: {}, headers })
  expect(signOut.status()).toBe(200)
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull()
})
