// Every page the e2e suite opens keeps a clean browser console (issue 42): an error or a warning
// (a script's, the browser's own — a refused resource, a header it does not understand — or an
// uncaught exception) fails the test that opened the page. Every spec takes `test` from here
// (the slow phone's too), so the check covers the whole suite. Pages a test opens in contexts of
// its own (browser.newContext / newPage) are watched as well.
// A page answered with an error status (a 404 page, a 403 area, a form sent back with a 400) is
// the app's honest answer: the browser's note of that status ("Failed to load resource") for the
// page itself is not a failure; the same note for anything the page then loads or fetches is.
import { type Browser, type BrowserContext, type ConsoleMessage, type Page, test as base } from '@playwright/test'

/** What the console may hold without failing a test: nothing, today. */
const ALLOWED: readonly RegExp[] = []

interface Entry {
  page: Page
  text: string
  /** The page's own status note: a page answered 4xx/5xx. */
  url?: string
}

/** The addresses of pages (documents) that were answered with an error status. */
const errorPages = new Set<string>()

const entries = new WeakMap<BrowserContext, Entry[]>()

function describe(message: ConsoleMessage) {
  const { url, lineNumber } = message.location()
  return `${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`
}

function watchPage(page: Page, found: Entry[]) {
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.status() >= 400) errorPages.add(response.url())
  })
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    const statusNote = message.text().startsWith('Failed to load resource:')
    found.push({ page, text: describe(message), url: statusNote ? message.location().url : undefined })
  })
  page.on('pageerror', (error) => found.push({ page, text: `uncaught: ${error.message}` }))
}

function watchContext(context: BrowserContext, found: Entry[]) {
  entries.set(context, found)
  for (const page of context.pages()) watchPage(page, found)
  context.on('page', (page) => watchPage(page, found))
}

/**
 * The messages a test provokes on purpose (a failure it makes the server answer, a refusal it
 * asks for), claimed by that test: at least one must have been logged on `page`; they are then
 * no longer a failure (a retried request logs one per attempt). `ifAny`: none is required, for a
 * refusal that comes either as a page (a form posted before the script: no message) or as a
 * fetch's answer (after it: the browser logs its status), as on the slow phone.
 */
export async function expectConsoleMessage(page: Page, pattern: RegExp, { ifAny = false } = {}) {
  const found = entries.get(page.context())
  if (!found) throw new Error('This page is not watched (e2e/support/console.ts)')
  await base
    .expect(() => {
      const claimed = found.filter((entry) => entry.page === page && pattern.test(entry.text))
      if (!ifAny) base.expect(claimed.length, `a console message matching ${pattern}`).toBeGreaterThan(0)
      for (const entry of claimed) found.splice(found.indexOf(entry), 1)
    })
    .toPass({ timeout: 5_000 })
}

/** Watches every context the test makes from `browser`; answers the function that stops it. */
function watchNewContexts(browser: Browser, found: Entry[]) {
  // browser.newPage makes its context with browser.newContext: both are covered.
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...options) => {
    const context = await newContext(...options)
    watchContext(context, found)
    return context
  }
  return () => {
    browser.newContext = newContext
  }
}

export const test = base.extend<{ cleanConsole: void }>({
  cleanConsole: [
    async ({ browser, context }, use) => {
      const found: Entry[] = []
      watchContext(context, found)
      const restore = watchNewContexts(browser, found)
      await use()
      restore()
      const unexpected = found.filter(
        (entry) => !(entry.url && errorPages.has(entry.url)) && !ALLOWED.some((allowed) => allowed.test(entry.text)),
      )
      base.expect(unexpected.map((entry) => entry.text)).toEqual([])
    },
    { auto: true },
  ],
})

export { expect } from '@playwright/test'
