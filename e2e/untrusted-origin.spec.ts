// The app opened at an address it is not set up for (here http://127.0.0.1 while BASE_URL is
// http://localhost): sign-in is refused, and the person reads why and which address to open.
import { expect, expectConsoleMessage, test } from './support/console'
import { USER_EMAIL } from './support/sign-in'

/** The other loopback name of the app's address. */
const elsewhere = (baseURL: string) => baseURL.replace('//localhost:', '//127.0.0.1:')

/** What the person reads (each address isolated, so that it keeps its order in Arabic). */
const message = (baseURL: string) =>
  `This page was opened at \u2068${elsewhere(baseURL)}\u2069, an address this application does not accept forms from. Open it at \u2068${baseURL}\u2069.`

test('the login form says which address to open, whenever the person sends it', async ({ page, baseURL }) => {
  await page.goto(`${elsewhere(baseURL!)}/login`)
  // Sent at once: the scripted form's answer or, before its script, the form post's page say the same.
  await page.getByLabel('Email').fill(USER_EMAIL)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByText(message(baseURL!))).toBeVisible()
  await expect(page).not.toHaveURL(/\/login\/verify/)
  // Sent by the script, the refusal is logged; posted before it, it is the page's own status.
  await expectConsoleMessage(page, /status of 403 .*send-verification-otp/, { ifAny: true })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form post is answered with a page that says which address to open', async ({ page, baseURL }) => {
    await page.goto(`${elsewhere(baseURL!)}/login`)
    await page.getByLabel('Email').fill(USER_EMAIL)
    await page.getByRole('button', { name: 'Continue with email' }).click()
    await expect(page.getByText(message(baseURL!))).toBeVisible()
    await expect(page).toHaveTitle(/403/)
  })
})
