import { expect, test } from './support/console'
import { signIn, USER_EMAIL } from './support/sign-in'

test('a user is refused on /manager: 403 page and 403 status', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await expect(page).toHaveURL(/\/app$/)

  const response = await page.goto('/manager')
  expect(response?.status()).toBe(403)
  await expect(page).toHaveURL(/\/manager$/)
  await expect(page.getByText('You do not have access to this page')).toBeVisible()
  await expect(page.getByText('Welcome to the manager')).toBeHidden()
  // The tab says what the page is (issue 27), in the reader's language.
  await expect(page).toHaveTitle('You do not have access to this page · Start Books')

  // The page's API request context shares the browser's cookies: the server answers 403 itself.
  const direct = await page.request.get('/manager')
  expect(direct.status()).toBe(403)
  expect(await direct.text()).toContain('You do not have access to this page')

  await page.goto('/manager/books?lng=ar')
  await expect(page).toHaveTitle(/^ليس لديك صلاحية/)
})

test('signed out, the server redirects /app and /manager to login with 307', async ({ request }) => {
  const app = await request.get('/app', { maxRedirects: 0 })
  expect(app.status()).toBe(307)
  expect(app.headers()['location']).toBe('/login?redirect=%2Fapp')

  const manager = await request.get('/manager', { maxRedirects: 0 })
  expect(manager.status()).toBe(307)
  expect(manager.headers()['location']).toBe('/login?redirect=%2Fmanager')
})

test('signed out, a visit to /manager shows the login page with the redirect param', async ({ page }) => {
  await page.goto('/manager')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmanager$/)
  await expect(page.getByLabel('Email')).toBeVisible()
})

test('a user sent to /manager by the redirect param is refused after sign-in', async ({ page }) => {
  // Here the refusal happens on a client-side navigation, not on a server render.
  await signIn(page, USER_EMAIL, { from: '/login?redirect=%2Fmanager' })
  await expect(page).toHaveURL(/\/manager$/)
  await expect(page.getByText('You do not have access to this page')).toBeVisible()
  await expect(page.getByText('Welcome to the manager')).toBeHidden()
  await expect(page).toHaveTitle('You do not have access to this page · Start Books')
})

test('a page that does not exist is titled Not Found, anywhere', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page).toHaveTitle('Not Found · Start Books')
  await signIn(page, USER_EMAIL)
  await page.goto('/app/books/no-such-book')
  await expect(page).toHaveTitle('Not Found · Start Books')
  await page.goto('/app/no-such-page?lng=sw')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Haipatikani · Start Books')
})
