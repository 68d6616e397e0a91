// The sign-in code field (issue 27, point 7): one box per digit, the sixth sends the code,
// a code pasted from the e-mail fills every box, digits read left to right in Arabic.
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { readLoginCode } from './support/mailbox'
import { requestCode, uniqueEmail, waitForHydration } from './support/sign-in'

test('six digits typed sign in, no button pressed', async ({ page }) => {
  const email = uniqueEmail('code-typed')
  const after = await requestCode(page, email)
  const code = await readLoginCode(email, { after })
  const field = page.getByLabel('Verification code')
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(field).toHaveAttribute('inputmode', 'numeric')
  await field.pressSequentially(code.slice(0, 5))
  // Five digits, one per box, and nothing sent yet.
  const boxes = page.locator('[data-slot="otp-box"]')
  await expect(boxes).toHaveCount(6)
  await expect(boxes.nth(4)).toHaveText(code[4]!)
  await expect(page).toHaveURL(/\/login\/verify\?/)
  await field.press(code[5]!)
  await expect(page).toHaveURL(/\/onboarding/)
})

test('a code pasted as the e-mail shows it ("123 456") fills every box and signs in', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const email = uniqueEmail('code-pasted')
  const after = await requestCode(page, email)
  const code = await readLoginCode(email, { after })
  const spaced = `${code.slice(0, 3)} ${code.slice(3)}`
  await page.evaluate((text) => navigator.clipboard.writeText(text), spaced)
  const field = page.getByLabel('Verification code')
  // Pasting needs the field's script (a plain field would keep only six characters of it).
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled()
  await field.click()
  await field.press('ControlOrMeta+V')
  await expect(page).toHaveURL(/\/onboarding/)
})

test('Arabic: the boxes read left to right, the first digit leftmost, and the code signs in', async ({ page }) => {
  const email = uniqueEmail('code-arabic')
  const after = await requestCode(page, email)
  const code = await readLoginCode(email, { after })
  await page.goto(`/login/verify?email=${encodeURIComponent(email)}&lng=ar`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const field = page.getByLabel('رمز التحقق')
  await field.pressSequentially(code.slice(0, 3))
  const boxes = page.locator('[data-slot="otp-box"]')
  await expect(boxes.nth(2)).toHaveText(code[2]!)
  const lefts = await boxes.evaluateAll((all) => all.map((box) => box.getBoundingClientRect().left))
  for (let i = 1; i < lefts.length; i++) expect(lefts[i]).toBeGreaterThan(lefts[i - 1]!)
  await expect(boxes.first()).toHaveText(code[0]!)
  await field.pressSequentially(code.slice(3))
  await expect(page).toHaveURL(/\/onboarding/)
})

test.describe('the code field keeps its six boxes from the first paint (issue 42)', () => {
  /** Where the boxes are, and whether the field's own input paints over them. */
  const shape = (page: Page) =>
    page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!
      const style = getComputedStyle(input)
      return {
        boxes: [...document.querySelectorAll('[data-slot="otp-box"]')].map((box) => {
          const { x, y, width, height } = box.getBoundingClientRect()
          return { x, y, width, height }
        }),
        inputBackground: style.backgroundColor,
        inputBorder: style.borderTopWidth,
        pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
      }
    })

  for (const width of [360, 1280]) {
    test(`at ${width} px the page before its script (and without one) has the shape it has after`, async ({
      browser,
      baseURL,
    }) => {
      const open = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width, height: 800 } })
        const page = await context.newPage()
        await page.goto('/login/verify?email=shape%40example.com')
        // A layout check, not a user flow: the shape once the script ran is the reference.
        if (javaScriptEnabled) {
          await waitForHydration(page, 'input[autocomplete="one-time-code"]')
          // The render that follows hydration (the field's own look once its script runs), painted.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
        }
        const found = await shape(page)
        await context.close()
        return found
      }
      const before = await open(false)
      const after = await open(true)
      expect(after.boxes).toHaveLength(6)
      expect(after.pageOverflows).toBe(false)
      expect(before).toEqual(after)
    })
  }
})
