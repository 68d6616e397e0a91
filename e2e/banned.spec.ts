import { banUser } from './support/admin'
import { expect, expectConsoleMessage, test } from './support/console'
import { listMessages } from './support/mailbox'
import { newOidcIdentity, setOidcIdentity } from './support/oidc'
import { signIn, uniqueEmail } from './support/sign-in'
import { signInWithOidc } from './support/social'

test('a banned user gets no code: refused on the login page, no e-mail leaves', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('banned-code')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await banUser(browser, baseURL!, email)
  await page.context().clearCookies()
  const mailsBefore = (await listMessages(email)).length

  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'You have been banned from this application' })).toBeVisible()
  // The server's refusal (403), as the browser logs it.
  await expectConsoleMessage(page, /status of 403 .*\/api\/auth\/email-otp\/send-verification-otp/)
  await expect(page).toHaveURL(/\/login(\?|$)/)
  expect(await listMessages(email)).toHaveLength(mailsBefore)
})

test('a banned user is refused at sign-in by provider', async ({ page, browser, baseURL }) => {
  const person = newOidcIdentity('banned-oidc')
  await setOidcIdentity(person)
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('Name').fill('Soon Banned')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await banUser(browser, baseURL!, person.email)
  await page.context().clearCookies()

  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/login\/error\?error=BANNED_USER/)
  await expect(page.getByRole('heading', { name: 'You have been banned from this application' })).toBeVisible()
})
