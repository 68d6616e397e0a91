// What a person notices on a phone, measured in the browser (issue 27): session rows, e-mail addresses in Arabic.
import type { Locator } from '@playwright/test'

import { expect, test } from './support/console'
import { requestCode, signIn, USER_EMAIL } from './support/sign-in'
import { partBoxes, textLines } from './support/text-lines'
import { openUserAsAdmin } from './support/users'

const PHONE = { width: 375, height: 740 }

/** Each detail line of each session row wraps between whole parts: no time cut from its AM/PM, no line opening on the separator. */
async function expectWellWrapped(rows: Locator) {
  await expect(rows.first()).toBeVisible()
  for (const row of await rows.all()) {
    for (const details of await row.locator('p').all()) {
      const lines = await textLines(details)
      for (const line of lines) {
        expect(line, `${lines.join(' ⏎ ')}`).not.toMatch(/^·/)
        expect(line, `${lines.join(' ⏎ ')}`).not.toMatch(/^(AM|PM|م|ص)(\s|·|$)/)
      }
    }
  }
}

/**
 * Each part of a detail line ('Last active 27 Nov, 10:00 PM') keeps its label beside its value:
 * a part that fits on a line is drawn on one line. Only a part longer than the whole line (a long
 * IPv6 address) wraps.
 */
async function expectPartsWhole(rows: Locator) {
  await expect(rows.first()).toBeVisible()
  for (const row of await rows.all()) {
    // Its detail lines (the first line is the device's name and badges).
    for (const details of (await row.locator('p').all()).slice(1)) {
      const broken = await details.evaluate((line) => {
        const parts = [...line.querySelectorAll('[data-part]')]
        if (parts.length === 0) return ['no parts: the line is one unbroken text']
        return parts.flatMap((part) => {
          const alone = part.cloneNode(true) as HTMLElement
          alone.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;max-width:none'
          line.append(alone)
          const fits = alone.getBoundingClientRect().width <= line.clientWidth
          alone.remove()
          const range = document.createRange()
          range.selectNodeContents(part)
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
          return fits && lines > 1 ? [part.textContent!] : []
        })
      })
      expect(broken, (await textLines(details)).join(' ⏎ ')).toEqual([])
    }
  }
}

for (const language of ['en', 'fr', 'ar', 'sw'] as const) {
  test(`session rows keep each label beside its value on a phone (${language})`, async ({ page, browser }) => {
    const other = await browser.newContext()
    await signIn(await other.newPage(), USER_EMAIL)
    await openUserAsAdmin(page, USER_EMAIL)
    const userPage = page.url()
    await page.setViewportSize(PHONE)
    await page.goto(`${userPage}?lng=${language}`)
    await expectPartsWhole(page.getByTestId('session-row'))
    await page.goto(`/manager/account?lng=${language}`)
    await expectPartsWhole(page.getByTestId('session'))
    await other.close()
  })
}

for (const language of ['en', 'ar'] as const) {
  test(`session rows wrap between whole parts on a phone (${language})`, async ({ page, browser }) => {
    // A second browser of the user: the manager's page then lists two sessions.
    const other = await browser.newContext()
    await signIn(await other.newPage(), USER_EMAIL)
    await openUserAsAdmin(page, USER_EMAIL)
    const userPage = page.url()
    await page.setViewportSize(PHONE)
    await page.goto(`${userPage}?lng=${language}`)
    await expectWellWrapped(page.getByTestId('session-row'))
    for (const area of ['/manager/account', '/app/account']) {
      await page.goto(`${area}?lng=${language}`)
      await expectWellWrapped(page.getByTestId('session'))
    }
    await other.close()
  })
}

test('Arabic: the verify page keeps the address whole, its full stop on the left (the sentence’s end)', async ({
  page,
}) => {
  // Hyphens, as many addresses have: a line may break after one.
  const email = `r-${Date.now().toString(36)}@my-mail.example`
  await requestCode(page, email)
  await page.goto(`/login/verify?email=${encodeURIComponent(email)}&lng=ar`)
  const description = page.locator('main p').first()
  await expect(description).toContainText(email)
  // At every phone width, wherever the line ends.
  for (let width = 320; width <= 440; width += 8) {
    await page.setViewportSize({ width, height: 740 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBeLessThanOrEqual(width)
    const { part, next } = await partBoxes(description, email)
    // The address reads left to right, on one line, in one piece.
    expect(new Set(part.map((box) => Math.round(box.top))).size, `${width}px`).toBe(1)
    for (let i = 1; i < part.length; i++) expect(part[i]!.left, `${width}px`).toBeGreaterThanOrEqual(part[i - 1]!.left)
    // The full stop after it ends the Arabic clause: to its left.
    expect(next.right, `${width}px`).toBeLessThanOrEqual(Math.min(...part.map((box) => box.left)) + 1)
  }
})
