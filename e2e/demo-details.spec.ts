// Runs in the `demo` project: DEMO_MODE=true, REPOSITORY_URL and DEMO_CONTACT_EMAIL set (playwright.config.ts).
import { expect, test } from '@playwright/test'

import { requestCode, submitCode } from './support/sign-in'

const REPOSITORY = 'https://github.com/start-books-e2e/start-books'

test('with a repository configured: the demo dialog clones it, the welcome page links to its README and issues', async ({
  page,
}) => {
  await requestCode(page, 'admin@admin.com')
  const code = page.getByTestId('demo-code')
  await expect(code).toHaveText(/^\d{6}$/)
  await submitCode(page, (await code.textContent())!)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)

  await page.goto('/app')
  await expect(page.getByRole('link', { name: /Documentation/ })).toHaveAttribute('href', `${REPOSITORY}#readme`)
  await expect(page.getByRole('link', { name: /Open issues/ })).toHaveAttribute('href', `${REPOSITORY}/issues`)

  await page.goto('/manager/books')
  await page.getByRole('list', { name: 'Books' }).getByRole('link').first().click()
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Delete this book?' }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Demo Mode' })
  await expect(dialog).toContainText('run the starter on your own machine')
  await expect(dialog.locator('code')).toHaveText(
    `git clone ${REPOSITORY} start-books && cd start-books && npm install && npm run dev`,
  )
  await expect(dialog.getByRole('link', { name: 'demo@books.example' })).toHaveAttribute(
    'href',
    'mailto:demo@books.example',
  )
})
