import { expect, test } from '@playwright/test'
import { banUser } from './support/admin'
import { readLoginCode } from './support/mailbox'
import { newOidcIdentity, setOidcIdentity } from './support/oidc'
import { signInWithOidc } from './support/social'
import { requestCode, signIn, submitCode, uniqueEmail, waitForHydration } from './support/sign-in'

test('a banned user is refused at sign-in by code', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('banned-code')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await banUser(browser, baseURL!, email)

  const after = await requestCode(page, email)
  await submitCode(page, await readLoginCode(email, { after }))
  await expect(page.getByText('You have been banned from this application')).toBeVisible()
  await expect(page).toHaveURL(/\/login\/verify/)
})

test('a banned user is refused at sign-in by provider', async ({ page, browser, baseURL }) => {
  const person = newOidcIdentity('banned-oidc')
  await setOidcIdentity(person)
  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/onboarding/)
  await waitForHydration(page)
  await page.getByLabel('Name').fill('Soon Banned')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await banUser(browser, baseURL!, person.email)
  await page.context().clearCookies()

  await signInWithOidc(page)
  await expect(page).toHaveURL(/\/login\/error\?error=BANNED_USER/)
  await expect(page.getByRole('heading', { name: 'You have been banned from this application' })).toBeVisible()
})
