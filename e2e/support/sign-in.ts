// Signs in through the UI as a user would: e-mail on /login, code from the mail catcher.
import { expect, type Page } from '@playwright/test'

import { readLoginCode } from './mailbox'

export const ADMIN_EMAIL = 'admin@admin.com'
export const USER_EMAIL = 'user@user.com'

/** A fresh address per call, so a run never reuses an account from an earlier one. */
export function uniqueEmail(prefix = 'new'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export interface SignInOptions {
  /**
   * Where to start. Defaults to `/login`; pass e.g. `/login?redirect=%2Fapp` or
   * `/app?x=1` (a guarded page that redirects to the login page).
   */
  from?: string
  /** Press 'Sign in' after the code as well (a page without script: nothing sends it by itself). */
  button?: boolean
}

/**
 * Waits until React has hydrated the first element matching `selector`: a click
 * before that submits the server-rendered form natively (a GET to the page).
 */
export async function waitForHydration(page: Page, selector = 'form'): Promise<void> {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector)
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactProps'))
  }, selector)
}

/**
 * Types `email` on the login page the moment its field shows (the form works
 * before the page hydrates: issue 25) and waits for the verify page. Returns
 * the time the code was asked for.
 */
export async function requestCode(page: Page, email: string, from = '/login'): Promise<Date> {
  await page.goto(from, { waitUntil: 'commit' })
  await expect(page).toHaveURL(/\/login(\?|$)/)
  await page.getByLabel('Email').fill(email)
  // Taken just before the request: an earlier mail to the same address is never reused.
  const after = new Date()
  await page.getByRole('button', { name: 'Continue with email' }).click()
  await expect(page).toHaveURL(/\/login\/verify\?/)
  await expect(page.getByLabel('Verification code')).toBeVisible()
  return after
}

/**
 * Types `code` on the verify page as a person does, key by key: a whole code
 * (six digits) sends itself on its last digit, before the page hydrated too
 * (the field keeps what was typed); a shorter one is sent with the button.
 * `button`: press it after a whole code as well (a page without script).
 */
export async function submitCode(page: Page, code: string, { button = false } = {}): Promise<void> {
  const field = page.getByLabel('Verification code')
  await field.clear()
  await field.pressSequentially(code)
  if (button || !/^\d{6}$/.test(code)) await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Signs `email` in: login page, code read from the mail catcher, verify page.
 * Returns the code once submitted; the caller asserts where the browser lands
 * (the role's home, the `redirect` target or onboarding).
 */
export async function signIn(page: Page, email: string, opts: SignInOptions = {}): Promise<string> {
  const after = await requestCode(page, email, opts.from)
  const code = await readLoginCode(email, { after })
  await submitCode(page, code, { button: opts.button })
  await expect(page).not.toHaveURL(/\/login\/verify/)
  return code
}

/**
 * Signs out from the account page as a person does: 'Sign out', then 'Sign out'
 * again in the confirmation — the dialog, or the page /logout when the click
 * came before the page's script (docs/decisions/031-forms-before-hydration.md).
 */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Sign out?' })
  const ownPage = page.getByRole('main').filter({ has: page.getByRole('heading', { name: 'Sign out?' }) })
  await dialog.or(ownPage).getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
}
