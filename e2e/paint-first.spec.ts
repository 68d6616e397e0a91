// Pages paint before their script loads (issue 14, src/server/fast-paths/paint-first.server.ts):
// the server's HTML names no module to preload or run; an inline script asks for them
// once the page is on screen, and React then hydrates it, with no error (CSP included).
import type { Page } from '@playwright/test'

import { expect, test } from './support/console'
import { signIn, USER_EMAIL, waitForHydration } from './support/sign-in'

/** Every console error and uncaught exception of the page. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function expectPaintFirst(page: Page, path: string, hydrated: string) {
  const html = await (await page.request.get(path)).text()
  expect(/rel="modulepreload"/.test(html), 'a module preloaded by the HTML').toBe(false)
  expect(/<script[^>]*\btype="module"[^>]*\bsrc=/.test(html), 'a module script run by the HTML').toBe(false)
  expect(html.includes("observe({type:'paint'"), 'the inline loader').toBe(true)

  const errors = pageErrors(page)
  await page.goto(path)
  await waitForHydration(page, hydrated)
  const order = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.match(/^\/assets\/.*\.js$/))
      .map((entry) => entry.startTime)
    return { paint, firstScript: Math.min(...scripts), scripts: scripts.length }
  })
  expect(order.paint, 'the page was painted').toBeGreaterThan(0)
  expect(order.scripts, 'the page loaded its modules').toBeGreaterThan(0)
  expect(order.firstScript, 'the first module was asked for after the first paint').toBeGreaterThanOrEqual(order.paint!)
  // The inline script gave the preloads it added the page's nonce: every module still loads under the CSP.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0)
  expect(errors).toEqual([])
}

test('the login page paints, then loads its modules and hydrates', async ({ page }) => {
  await expectPaintFirst(page, '/login', 'form')
})

test('a signed-in page paints, then loads its modules and hydrates', async ({ page }) => {
  await signIn(page, USER_EMAIL)
  await expect(page).toHaveURL(/\/app/)
  await expectPaintFirst(page, '/app/books', 'input[type="search"]')
})
