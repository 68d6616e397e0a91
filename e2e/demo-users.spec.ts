// Runs in the `demo` project, against the app started with DEMO_MODE=true (playwright.config.ts).
import type { Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { requestCode, submitCode } from './support/sign-in'

async function signInDemoAdmin(page: Page) {
  await requestCode(page, 'admin@admin.com')
  const code = page.getByTestId('demo-code')
  await expect(code).toHaveText(/^\d{6}$/)
  await submitCode(page, (await code.textContent())!)
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
}

test('in demo mode the user manager reads, and every admin action opens the Demo Mode dialog', async ({ page }) => {
  await signInDemoAdmin(page)
  await page.goto('/manager/users?searchTerm=amina.ali')
  await page
    .getByRole('row', { name: /amina\.ali@example\.com/ })
    .getByRole('link')
    .click()
  await expect(page.getByRole('heading', { name: 'Amina Ali' })).toBeVisible()

  const demoDialog = page.getByRole('dialog', { name: 'Demo Mode' })
  const confirmIn = (name: string) => page.getByRole('alertdialog').getByRole('button', { name })

  await page.getByRole('button', { name: 'Impersonate' }).click()
  await confirmIn('Impersonate').click()
  await expect(demoDialog).toBeVisible()
  await expect(demoDialog).toContainText('This is a read-only demo, this action is disabled.')
  await page.keyboard.press('Escape')
  await expect(demoDialog).toBeHidden()
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0)

  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Ban' }).click()
  await page.getByRole('dialog', { name: 'Ban Amina Ali?' }).getByRole('button', { name: 'Ban user' }).click()
  await expect(demoDialog).toBeVisible()
  await page.keyboard.press('Escape')
  // Demo mode's refusals, which opened the dialog (before the reload: they are this page's).
  await expectConsoleMessage(page, /status of 403 .*\/api\/(auth\/admin\/impersonate-user|rpc\/user\/ban)/)
  await page.reload()
  await expect(page.getByTestId('ban-state')).toHaveText('Active')
})
