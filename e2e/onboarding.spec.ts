import { expect, expectConsoleMessage, test } from './support/console'
import { signIn, uniqueEmail } from './support/sign-in'

test('a brand-new address is onboarded with a name, then lands on /app', async ({ page }) => {
  const email = uniqueEmail('new')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding(\?|$)/)

  const name = page.getByLabel('Name')
  const submit = page.getByRole('button', { name: 'Continue' })
  await submit.click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/onboarding(\?|$)/)

  // Blank is not a name either.
  await name.fill('   ')
  await submit.click()
  await expect(page.getByText('Name is required')).toBeVisible()

  await name.fill('Ada Lovelace')
  await submit.click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Ada Lovelace!')).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  // Onboarding is done once: going back there sends the user home.
  await page.goto('/onboarding')
  await expect(page).toHaveURL(/\/app$/)
})

test('a new address that came from /app?x=1 is onboarded first, then lands there', async ({ page }) => {
  const email = uniqueEmail('new-redirect')
  await page.goto('/app?x=1')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await signIn(page, email, { from: page.url() })
  await expect(page).toHaveURL(/\/onboarding\?/)

  await page.getByLabel('Name').fill('Grace Hopper')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app\?x=1$/)
  await expect(page.getByText('Welcome, Grace Hopper!')).toBeVisible()
})

test("onboarding refuses an invalid name, and a failure shows the toast 'Onboarding failed with an unexpected error'", async ({
  page,
}) => {
  await signIn(page, uniqueEmail('onboarding-failure'))
  await expect(page).toHaveURL(/\/onboarding(\?|$)/)
  const name = page.getByLabel('Name')
  await name.fill('<script>')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Name is invalid')).toBeVisible()

  await page.route('**/api/rpc/auth/onboard', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
  )
  await name.fill('Unlucky')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Onboarding failed with an unexpected error')).toBeVisible()
  await expect(page).toHaveURL(/\/onboarding(\?|$)/)
  // The failure this test makes, as the browser logs it.
  await expectConsoleMessage(page, /status of 500 .*\/api\/rpc\/auth\/onboard/)

  await page.unrouteAll()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Unlucky!')).toBeVisible()
})

test('someone else’s account: onboarding names it and signs out, in words that fit any way of signing in', async ({
  page,
}) => {
  const email = uniqueEmail('not-me')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding(\?|$)/)
  await expect(page.getByText(`Signed in as ${email}. Not you?`)).toBeVisible()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  const question = page
    .getByRole('alertdialog', { name: 'Sign out?' })
    .or(page.getByRole('main').filter({ has: page.getByRole('heading', { name: 'Sign out?' }) }))
  // A passkey or an account elsewhere signs in again too: no promise of an e-mailed code.
  await expect(question.getByText('You will need to sign in again on this device.')).toBeVisible()
  await expect(question).not.toContainText(/code|e-mail/i)
  await question.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/onboarding')
  await expect(page).toHaveURL(/\/login\?redirect=/)
})
