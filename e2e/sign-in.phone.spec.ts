// Signing in on a slow phone, acting the moment each element shows (issue 25): the forms work
// before their script arrives, so nothing a person does is lost.
import { banUser } from './support/admin'
import { listMessages, readLoginCode } from './support/mailbox'
import { requestCode, signIn, submitCode, uniqueEmail, USER_EMAIL } from './support/sign-in'
import { expect, expectConsoleMessage, test } from './support/slow-phone'

test('an address typed and sent with Enter the instant the field shows reaches the verify page, 20 times of 20', async ({
  page,
}) => {
  const email = uniqueEmail('instant')
  const leaks: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    const carries = decodeURIComponent(url.search).includes(email)
    if (carries && url.pathname !== '/login/verify') leaks.push(`${request.method()} ${request.url()}`)
  })
  const mailsBefore = (await listMessages(email)).length

  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto('/login', { waitUntil: 'commit' })
    const field = page.getByLabel('Email')
    await field.fill(email)
    await field.press('Enter')
    await expect(page).toHaveURL(/\/login\/verify\?email=/)
    await expect(page.getByLabel('Verification code')).toBeVisible()
  }

  // One code per Enter: never none, never two (the post and the script).
  await expect.poll(async () => (await listMessages(email)).length).toBe(mailsBefore + 20)
  expect(leaks, 'requests whose URL carries the address').toEqual([])
})

test('a new person signs in with the e-mailed code and gives their name, without waiting', async ({ page }) => {
  const email = uniqueEmail('phone')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  const name = page.getByLabel('Name')
  await name.fill('Slow Phone Person')
  await name.press('Enter')
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Slow Phone Person').first()).toBeVisible()
})

test('a code typed on the verify page before its script ran is kept, and sends itself once the script runs', async ({
  page,
}) => {
  const email = uniqueEmail('phone-code')
  const after = await requestCode(page, email)
  const code = await readLoginCode(email, { after })
  // The link of the e-mail opened again, its script not in the cache: the field shows long before it hydrates.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.reload({ waitUntil: 'commit' })
  const field = page.getByLabel('Verification code')
  await field.pressSequentially(code)
  // The test is about typing before hydration: the field had no script yet when the last digit went in.
  const hydrated = await field.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps')))
  expect(hydrated, 'the field hydrated before the code was typed').toBe(false)
  await expect(page).toHaveURL(/\/onboarding/)
})

test('digits typed on the answer to a refused code before its script ran are kept, and sign in', async ({ page }) => {
  const email = uniqueEmail('phone-answer')
  const after = await requestCode(page, email)
  const code = await readLoginCode(email, { after })
  const field = page.getByLabel('Verification code')
  const hydrated = () => field.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps')))
  // Each page's script comes over the slow network, never from the cache: the fields show long before they hydrate.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.reload({ waitUntil: 'commit' })
  // Three digits and 'Sign in' at once: the form posts itself, the page comes back as the answer (400).
  await field.pressSequentially('123')
  await cdp.send('Network.clearBrowserCache')
  const answer = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  expect((await answer).status(), 'the click came before the script: the form was posted').toBe(400)
  await expect(page.getByText('Code should be 6 characters')).toBeVisible()
  // The code from the e-mail, typed on the answer the moment it shows: its first half before the script ran.
  await field.pressSequentially(code.slice(0, 3))
  expect(await hydrated(), 'the answer hydrated before the first digits were typed').toBe(false)
  await field.pressSequentially(code.slice(3))
  await expect(page).toHaveURL(/\/onboarding/)
})

test('a wrong code is refused on the page, and the right one then signs in', async ({ page }) => {
  const after = await requestCode(page, USER_EMAIL)
  const code = await readLoginCode(USER_EMAIL, { after })
  const wrong = code === '000000' ? '111111' : '000000'
  await submitCode(page, wrong)
  await expect(page.getByRole('alert').filter({ hasText: 'This code is not valid' })).toBeVisible()
  await expect(page).toHaveURL(/\/login\/verify\?email=/)
  await submitCode(page, code)
  await expect(page).toHaveURL(/\/app$/)
  await expectConsoleMessage(page, /status of 400 .*\/api\/auth\/sign-in\/email-otp/, { ifAny: true })
})

test('signing out asks first, then returns to the login page', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await page.goto('/app/account', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  // The question as a page (before the script) or as a dialog (after): the same words, the same button.
  await expect(page.getByText('Sign out?')).toBeVisible()
  await page.getByRole('button', { name: 'Sign out', exact: true }).last().click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/app', { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

test("a banned person who presses Enter at once reads 'You have been banned from this application'", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('banned-phone')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await banUser(browser, baseURL!, email)
  await page.context().clearCookies()

  await page.goto('/login', { waitUntil: 'commit' })
  const field = page.getByLabel('Email')
  await field.fill(email)
  await field.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'You have been banned from this application' })).toBeVisible()
  // What was typed is still there, and the address is in no URL.
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page).toHaveURL(/\/login$/)
  await expectConsoleMessage(page, /status of 403 .*send-verification-otp/, { ifAny: true })
})

test('a person changes their name on the account page as soon as the button can be used', async ({ page }) => {
  const email = uniqueEmail('rename')
  await signIn(page, email)
  const name = page.getByLabel('Name')
  await name.fill('First Name')
  await name.press('Enter')
  await expect(page).toHaveURL(/\/app$/)

  await page.goto('/app/account', { waitUntil: 'commit' })
  // A dialog needs its script: the button is painted disabled until it can open it.
  await page.getByRole('button', { name: 'Change name' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change your name' })
  await dialog.getByLabel('Name').fill('Second Name')
  await dialog.getByLabel('Name').press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('account-name')).toHaveText('Second Name')
})
