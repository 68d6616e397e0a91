import { expect, type Page } from '@playwright/test'

import { OIDC_NAME } from './oidc'

/** Clicks the OpenID Connect button of the login page (the provider signs in whoever the test set). */
export async function signInWithOidc(page: Page, from = '/login') {
  await page.goto(from)
  await page.getByRole('button', { name: `Continue with ${OIDC_NAME}` }).click()
  await expect(page).not.toHaveURL(/\/login(\?|$)/)
}
