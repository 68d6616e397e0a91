import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn, USER_EMAIL } from './support/sign-in'

// The app's own origin: an open redirect would leave it.
const baseUrl = `http://localhost:${process.env.E2E_PORT ?? '3100'}`

test('a signed-out visit to /app?x=1 returns there after sign-in', async ({ page }) => {
  await page.goto('/app?x=1')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  const redirect = new URL(page.url()).searchParams.get('redirect')
  expect(redirect).toBe('/app?x=1')

  await signIn(page, USER_EMAIL, { from: page.url() })
  await expect(page).toHaveURL(/\/app\?x=1$/)
  await expect(page.getByText('Welcome, User!')).toBeVisible()
})

test('an admin sent to /app by the redirect param lands there, not on /manager', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { from: '/login?redirect=%2Fapp' })
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Welcome, Admin!')).toBeVisible()
})

for (const target of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
  test(`an open redirect to ${target} lands on the role's home instead`, async ({ page }) => {
    await signIn(page, USER_EMAIL, { from: `/login?redirect=${encodeURIComponent(target)}` })
    await expect(page).toHaveURL(new RegExp(`^${baseUrl}/app$`))
    await expect(page.getByText('Welcome, User!')).toBeVisible()
  })
}

test('an open redirect attempt for an admin lands on /manager (its dashboard)', async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, { from: '/login?redirect=//evil.example' })
  await expect(page).toHaveURL(new RegExp(`^${baseUrl}/manager/dashboard$`))
})
