// Small layout slips (issue 42 point 9), measured in the browser in every language: the manager's
// book filters on one line, a long address inside its card on a phone, no page wider than a phone.
import type { Locator, Page } from '@playwright/test'

import { expect, test } from './support/console'
import { ADMIN_EMAIL, signIn } from './support/sign-in'
import { signUpElsewhere } from './support/users'

const LANGUAGES = ['en', 'fr', 'ar', 'sw'] as const

/** The narrow phones: the page is never wider than the screen. */
async function expectNoOverflowOnNarrowPhones(page: Page) {
  for (const width of [320, 340, 360]) {
    await page.setViewportSize({ width, height: 740 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBeLessThanOrEqual(width)
  }
}

/** The box of a control and of its label (the label its `for` points at). */
async function labelledBoxes(control: Locator) {
  const id = await control.getAttribute('id')
  const label = control.page().locator(`label[for="${id}"]`)
  await expect(label).toBeVisible()
  return { control: (await control.boundingBox())!, label: (await label.boundingBox())! }
}

for (const language of LANGUAGES) {
  test(`the manager's book filters: each with its label, on one line (${language})`, async ({ page }) => {
    await signIn(page, ADMIN_EMAIL)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/manager/books?lng=${language}`)
    const search = await labelledBoxes(page.getByRole('searchbox'))
    const genre = await labelledBoxes(page.getByRole('combobox'))
    // The labels share their top line, the controls their top and bottom lines.
    expect(Math.abs(search.label.y - genre.label.y)).toBeLessThanOrEqual(1)
    expect(Math.abs(search.control.y - genre.control.y)).toBeLessThanOrEqual(1)
    expect(
      Math.abs(search.control.y + search.control.height - (genre.control.y + genre.control.height)),
    ).toBeLessThanOrEqual(1)
    await expectNoOverflowOnNarrowPhones(page)
  })
}

/** The text of `element` (its first text, not its badges) lies inside `card`, its padding kept on both sides. */
async function expectInsideWithPadding(element: Locator, card: Locator) {
  const { text, inner } = await element.evaluate(
    (node, cardNode) => {
      const range = document.createRange()
      const textNode = [...node.childNodes].find((child) => child.nodeType === Node.TEXT_NODE)!
      range.selectNodeContents(textNode)
      const rects = [...range.getClientRects()]
      const style = getComputedStyle(cardNode)
      const box = cardNode.getBoundingClientRect()
      return {
        text: { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) },
        inner: {
          left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
          right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        },
      }
    },
    await card.elementHandle(),
  )
  expect(text.left).toBeGreaterThanOrEqual(inner.left - 0.5)
  expect(text.right).toBeLessThanOrEqual(inner.right + 0.5)
}

test('a long address stays inside its card on a phone, with its padding (every language)', async ({
  page,
  browser,
}) => {
  // No hyphen, no dot before the @: nowhere a line may break by itself.
  const email = `averyveryverylongaddresswithnobreak${Date.now()}@anextremelylongdomainname.example`
  const user = await signUpElsewhere(browser, 'Long Address', email)
  await signIn(page, ADMIN_EMAIL)
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
  await page
    .getByRole('row', { name: /averyvery/ })
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
  const userPage = new URL(page.url()).pathname
  for (const language of LANGUAGES) {
    // The user page's details box, the account page's profile card.
    for (const [area, address, testId, card] of [
      [page, `${userPage}?lng=${language}`, 'user-email', 'dl'],
      [user.page, `/app/account?lng=${language}`, 'account-email', 'section'],
    ] as const) {
      await area.setViewportSize({ width: 390, height: 844 })
      await area.goto(address)
      const shown = area.getByTestId(testId)
      await expect(shown).toContainText(email)
      await expectInsideWithPadding(shown, shown.locator(`xpath=ancestor::${card}[1]`))
      await expectNoOverflowOnNarrowPhones(area)
    }
  }
  await user.context.close()
})
