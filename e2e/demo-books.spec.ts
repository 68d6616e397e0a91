// Runs in the `demo` project, against the app started with DEMO_MODE=true (playwright.config.ts).
import { expect, expectConsoleMessage, test } from './support/console'
import { requestCode, submitCode } from './support/sign-in'

test('in demo mode an admin reads the books, and deleting one opens the demo dialog and deletes nothing', async ({
  page,
}) => {
  await requestCode(page, 'admin@admin.com')
  const code = page.getByTestId('demo-code')
  await expect(code).toHaveText(/^\d{6}$/)
  await submitCode(page, (await code.textContent())!)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)

  await page.goto('/manager/books')
  const first = page.getByRole('table', { name: 'Books' }).locator('tbody').getByRole('link').first()
  const title = (await first.textContent())!
  await first.click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Delete this book?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('dialog', { name: 'Demo Mode' })).toBeVisible()
  // The server's refusal (403), as the browser logs it.
  await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/book\/delete/)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})
