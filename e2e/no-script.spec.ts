// With JavaScript off (issue 25): the forms that can work without their script do, as real HTML
// forms the server answers (src/server/forms): a post answered with a 303 to the next page, or the
// page again with the form's messages; a search is a GET the server renders.
import { expect, test } from './support/console'
import { listMessages, readLoginCode } from './support/mailbox'
import { requestCode, signIn, submitCode, uniqueEmail, USER_EMAIL } from './support/sign-in'

test.use({ javaScriptEnabled: false })

test('a new person signs in with the e-mailed code, gives a name and reaches the app', async ({ page }) => {
  const email = uniqueEmail('no-script')
  await signIn(page, email, { button: true })
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await page.getByLabel('Name').fill('No Script')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
})

test('the login form checks the address on the server and keeps what was typed', async ({ page }) => {
  await page.goto('/login?redirect=%2Fapp%2Fbooks')
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByText('Email is invalid')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('not-an-address')
  // The page asked for survives the round trip.
  await page.getByLabel('Email').fill(USER_EMAIL)
  const after = new Date()
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/verify\?email=user%40user\.com&redirect=%2Fapp%2Fbooks$/)
  await submitCode(page, await readLoginCode(USER_EMAIL, { after }), { button: true })
  await expect(page).toHaveURL(/\/app\/books$/)
})

test('a page in another language keeps it, and its query, through the form’s round trip', async ({ page }) => {
  // A post before the script ran (or without one) went to /login: the language and the page asked for were lost.
  await page.goto('/login?lng=fr&redirect=%2Fapp%2Fbooks')
  await page.getByLabel('E-mail').fill('not-an-address')
  await page.getByRole('button', { name: 'Continuer avec l’e-mail' }).click()
  await expect(page).toHaveURL(/\/login\?lng=fr&redirect=%2Fapp%2Fbooks$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByText("L'e-mail est invalide")).toBeVisible()
  // The next page of the sign-in speaks French too.
  await page.getByLabel('E-mail').fill(USER_EMAIL)
  await page.getByRole('button', { name: 'Continuer avec l’e-mail' }).click()
  await expect(page).toHaveURL(/\/login\/verify\?email=user%40user\.com&redirect=%2Fapp%2Fbooks$/)
  await expect(page.getByRole('heading', { name: 'Consultez vos e-mails' })).toBeVisible()
})

test('a wrong code is refused on the page; a new code can be asked for', async ({ page }) => {
  await requestCode(page, USER_EMAIL)
  await submitCode(page, '12')
  await expect(page.getByText('Code should be 6 characters')).toBeVisible()
  const after = new Date()
  await page.getByRole('button', { name: 'Send a new code' }).click()
  await expect(page.getByText('A new code has been sent')).toBeVisible()
  const code = await readLoginCode(USER_EMAIL, { after })
  await submitCode(page, code === '000000' ? '111111' : '000000', { button: true })
  await expect(page.getByRole('alert').filter({ hasText: 'This code is not valid' })).toBeVisible()
  await submitCode(page, code, { button: true })
  await expect(page).toHaveURL(/\/app$/)
})

test('signing out asks on a page of its own, then signs out', async ({ page }) => {
  await signIn(page, USER_EMAIL, { button: true })
  await page.goto('/app/account')
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/logout\?redirect=%2Fapp%2Faccount$/)
  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/app\/account$/)
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/app')
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

test('a form post from another site is refused by the front door, and sends nothing', async ({ request, baseURL }) => {
  const email = uniqueEmail('cross-site')
  const crossSite: Array<Record<string, string>> = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
  ]
  // Every page whose form posts to it (e2e/support/doors/expectations.ts marks them `form`).
  const pages = ['/login', `/login/verify?email=${encodeURIComponent(email)}`, '/onboarding', '/logout']
  for (const page of pages) {
    for (const headers of crossSite) {
      const form = { email, code: '123456', name: 'Cross Site' }
      const response = await request.post(page, { form, headers, maxRedirects: 0 })
      expect(response.status(), `${page} ${JSON.stringify(headers)}`).toBe(403)
    }
  }
  // The same post from the page's own origin: a 303 to the verify page, whose URL alone carries the address.
  const response = await request.post('/login', { form: { email }, headers: { origin: baseURL! }, maxRedirects: 0 })
  expect(response.status()).toBe(303)
  expect(response.headers().location).toBe(`/login/verify?email=${encodeURIComponent(email)}`)
  expect((await listMessages(email)).length).toBe(1)
})

test('the catalogue searches with Enter and loads more by its link', async ({ page }) => {
  await signIn(page, USER_EMAIL, { button: true })
  await page.goto('/app/books')
  const books = page.getByRole('list', { name: 'Books' }).getByRole('link')
  await expect(books).toHaveCount(20)
  await page.getByRole('link', { name: 'Load more' }).click()
  await expect(page).toHaveURL(/\/app\/books\?pages=2$/)
  await expect(books).toHaveCount(40)
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill('harbor')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/app\/books\?searchTerm=harbor$/)
  await expect(page.getByText(/^\d+ results? for “harbor”$/)).toBeVisible()
})
