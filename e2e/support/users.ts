// Helpers of the user-manager specs: users signed in their own browser contexts, the admin's way to a user's page.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test'

import { ADMIN_EMAIL, signIn, uniqueEmail } from './sign-in'

export interface SignedIn {
  context: BrowserContext
  page: Page
  email: string
}

/** A new user signed up in a browser of their own (e-mail code, then the onboarding name), on /app. */
export async function signUpElsewhere(
  browser: Browser,
  name: string,
  email = uniqueEmail('managed'),
): Promise<SignedIn> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, email)
  await expect(page).toHaveURL(/\/onboarding/)
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  return { context, page, email }
}

/** Another session of an existing, onboarded user: a second browser signed in, on /app. */
export async function signInElsewhere(browser: Browser, email: string): Promise<SignedIn> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, email)
  await expect(page).toHaveURL(/\/app$/)
  return { context, page, email }
}

/** Signs the admin in and opens the page of the user with this e-mail from the users list. */
export async function openUserAsAdmin(page: Page, email: string): Promise<void> {
  await signIn(page, ADMIN_EMAIL)
  await expect(page).toHaveURL(/\/manager/)
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
  // The row that shows the address; its link is the user's name.
  await page
    .getByRole('row', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible()
}

/** Whether the page, at its next step (a navigation to `path`), is still signed in. */
export async function nextStepSignedIn(page: Page, path = '/app/books'): Promise<boolean> {
  await page.goto(path)
  return !/\/login/.test(page.url())
}
