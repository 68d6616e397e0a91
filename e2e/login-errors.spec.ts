import { expect, test } from './support/console'

const CASES: Array<[string, string, string?]> = [
  ['signup_disabled', 'Account not found', 'You need an account to sign in'],
  ['access_denied', 'Unable to sign in, please try again'],
  ['unknown_error', 'Sign in failed, please try again'],
  ['BANNED_USER', 'You have been banned from this application'],
  ['anything_else', 'Sign in failed, please try again'],
  ['', 'Sign in failed, please try again'],
]

for (const [error, title, description] of CASES) {
  test(`/login/error?error=${error || '(none)'} says '${title}'`, async ({ page }) => {
    await page.goto(error ? `/login/error?error=${error}` : '/login/error')
    await expect(page.getByRole('heading', { name: title })).toBeVisible()
    // The tab says which failure this is (issue 27), not 'Sign in'.
    await expect(page).toHaveTitle(`${title} · Start Books`)
    if (description) await expect(page.getByText(description)).toBeVisible()
    await page.getByRole('link', { name: 'Go back to login' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
}

test("the login error page is titled in the reader's language", async ({ page }) => {
  await page.goto('/login/error?error=access_denied&lng=fr')
  await expect(page).toHaveTitle('Connexion impossible, veuillez réessayer · Start Books')
})
