// Runs in the `demo` project. The demo dialog's setup command (issue 42 point 9): all of it shown,
// never scrolled nor cut, in every language and at every phone width.
import { expect, expectConsoleMessage, test } from './support/console'
import { requestCode, submitCode } from './support/sign-in'

test('the demo dialog shows its whole command in every language, on a phone', async ({ page }) => {
  await requestCode(page, 'admin@admin.com')
  const code = page.getByTestId('demo-code')
  await expect(code).toHaveText(/^\d{6}$/)
  await submitCode(page, (await code.textContent())!)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
  await page.setViewportSize({ width: 390, height: 844 })
  for (const language of ['en', 'fr', 'ar', 'sw']) {
    await page.goto(`/manager/books?lng=${language}`)
    // A refused action opens the dialog: deleting a book.
    await page.getByRole('table').locator('tbody').getByRole('link').first().click()
    await page.getByRole('button', { name: /^(Delete|Supprimer|حذف|Futa)$/ }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^(Delete|Supprimer|حذف|Futa)$/ })
      .click()
    const command = page.getByRole('dialog').locator('pre')
    await expect(command).toContainText('npm run dev')
    for (const width of [320, 340, 360, 390]) {
      await page.setViewportSize({ width, height: 844 })
      const { scrollWidth, clientWidth } = await command.evaluate((box) => ({
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
      }))
      expect(scrollWidth, `${language}, ${width}px`).toBeLessThanOrEqual(clientWidth)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${language}, ${width}px`,
      ).toBeLessThanOrEqual(width)
    }
    await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/book\/delete/)
  }
})
