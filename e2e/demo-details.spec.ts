// Runs in the `demo` project: DEMO_MODE=true, REPOSITORY_URL and DEMO_CONTACT_EMAIL set (playwright.config.ts).
import { expect, expectConsoleMessage, test } from './support/console'
import { requestCode, submitCode } from './support/sign-in'
import { partBoxes, textLines } from './support/text-lines'

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
  await page.getByRole('table', { name: 'Books' }).locator('tbody').getByRole('link').first().click()
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Delete this book?' }).getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Demo Mode' })
  await expect(dialog).toContainText('run the starter on your own machine')
  await expect(dialog.locator('code')).toHaveText(
    `git clone ${REPOSITORY} start-books && cd start-books && npm install && npm run dev`,
  )
  await expect(dialog.getByRole('link', { name: 'demo@start-books.example' })).toHaveAttribute(
    'href',
    'mailto:demo@start-books.example',
  )
  // Demo mode's refusal, which opened the dialog.
  await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/book\/delete/)
})

test('Arabic, on a phone: the demo dialog keeps the contact address whole, its full stop on the left', async ({
  page,
}) => {
  await requestCode(page, 'admin@admin.com')
  const code = page.getByTestId('demo-code')
  await expect(code).toHaveText(/^\d{6}$/)
  await submitCode(page, (await code.textContent())!)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)

  await page.goto('/manager/books?lng=ar')
  await page.getByRole('table', { name: 'الكتب' }).locator('tbody').getByRole('link').first().click()
  await page.getByRole('button', { name: 'حذف' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'حذف' }).click()
  const contact = page.getByRole('dialog').getByRole('link', { name: 'demo@start-books.example' })
  // At every phone width, wherever the line ends.
  for (let width = 320; width <= 440; width += 8) {
    await page.setViewportSize({ width, height: 740 })
    await expect(contact).toBeVisible()
    expect(await textLines(contact), `${width}px`).toEqual(['demo@start-books.example'])
    const { part, next } = await partBoxes(contact.locator('..'), 'demo@start-books.example')
    expect(next.right, `${width}px`).toBeLessThanOrEqual(Math.min(...part.map((box) => box.left)) + 1)
  }
  await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/book\/delete/)
})
