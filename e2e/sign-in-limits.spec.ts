// The sign-in budgets as a person meets them (issue 11): the sixth code asked for one
// address within an hour is refused, and the verify page says, in the reader's language,
// when to try again. Runs against an app of its own with RATE_LIMIT=true (the shared e2e
// apps run without limits, so that their many sign-ins never meet a budget).
import { expect, expectConsoleMessage, test } from './support/console'
import { type OwnApp, startOwnApp } from './support/own-app'
import { requestCode, uniqueEmail } from './support/sign-in'

// Beside the shared apps: app E2E_PORT, demo +2, login-only +4.
const port = Number(process.env.E2E_PORT ?? '3100') + 6
let app: OwnApp

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  app = await startOwnApp(port, { RATE_LIMIT: 'true' })
})

test.afterAll(async () => {
  await app?.stop()
})

test('the verify page says when to try again after the 5th code of the hour', async ({ page }) => {
  const email = uniqueEmail('limits')
  await requestCode(page, email, `${app.baseURL}/login`)
  const resend = page.getByRole('button', { name: 'Send a new code' })
  // Codes 2 to 5 of the hour.
  for (let i = 2; i <= 5; i++) {
    await resend.click()
    await expect(page.getByText('A new code has been sent.')).toBeVisible()
  }
  await resend.click()
  await expect(
    page.getByRole('alert').filter({ hasText: /Too many requests\. Try again in (60 minutes|1 hour)\./ }),
  ).toBeVisible()
  await expect(page.getByText('A new code has been sent.')).toBeHidden()
  // Sent by the script, the refusal is logged; a click before the script posts the form, and the 429 is the page's own.
  await expectConsoleMessage(page, /status of 429 .*send-verification-otp/, { ifAny: true })
})

test('in French on the login page too, and the refusal is a 429 with Retry-After', async ({ page, context }) => {
  const email = uniqueEmail('limites')
  for (let i = 1; i <= 5; i++) {
    const response = await fetch(`${app.baseURL}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseURL },
      body: JSON.stringify({ email, type: 'sign-in' }),
    })
    expect(response.status).toBe(200)
  }
  const refused = await fetch(`${app.baseURL}/api/auth/email-otp/send-verification-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseURL },
    body: JSON.stringify({ email, type: 'sign-in' }),
  })
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500)

  await context.addCookies([{ name: 'i18next', value: 'fr', url: app.baseURL }])
  await page.goto(`${app.baseURL}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Continuer avec l’e-mail' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: /Trop de requêtes\. Réessayez dans (60 minutes|1 heure)\./ }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/login(\?|$)/)
  // Sent by the script, the refusal is logged; posted before it, it is the page's own status.
  await expectConsoleMessage(page, /status of 429 .*send-verification-otp/, { ifAny: true })
})
