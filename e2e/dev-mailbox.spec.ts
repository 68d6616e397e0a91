// The development mailbox's gallery: every e-mail in every language, each shown whole.
import { expect, expectConsoleMessage, test } from './support/console'
import { freePort } from './support/free-port'
import { type OwnApp, startOwnApp } from './support/own-app'

let app: OwnApp | undefined

// The mailbox exists only in development without SMTP: an app of this file's own, run so.
test.beforeAll(async () => {
  app = await startOwnApp(await freePort(), { NODE_ENV: 'development', EMAIL_SERVER: '' })
})
test.afterAll(async () => {
  await app?.stop()
})

test('shows every e-mail in every language, each message full height', async ({ page }) => {
  // 36 frames, each measured.
  test.slow()
  await page.goto(`${app!.baseURL}/dev/mailbox`)
  const gallery = page.getByRole('region', { name: 'Every e-mail, in every language' })
  await expect(gallery.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible()
  const welcome = gallery.getByRole('region', { name: 'Welcome', exact: true })
  for (const language of ['English', 'Français', 'العربية', 'Kiswahili'])
    await expect(welcome.getByText(new RegExp(`^${language} · `))).toBeVisible()

  const frames = gallery.locator('iframe')
  // 9 e-mails × 4 languages.
  await expect(frames).toHaveCount(36)
  for (const frame of await frames.all()) {
    // Its last line (why it arrived) ends inside the frame: nothing is cut off, nothing scrolls.
    const lastLine = frame.contentFrame().locator('p').last()
    await expect(lastLine).toBeAttached()
    await expect
      .poll(async () => {
        const [box, line] = [await frame.boundingBox(), await lastLine.boundingBox()]
        return !!box && !!line && line.y + line.height <= box.y + box.height
      })
      .toBe(true)
    const scrolls = await frame
      .contentFrame()
      .locator('html')
      .evaluate((html) => html.scrollHeight > html.clientHeight + 1)
    expect(scrolls).toBe(false)
  }
  // Arabic reads right to left.
  const arabic = welcome.locator('li').filter({ hasText: 'العربية' }).locator('iframe')
  await expect(arabic.contentFrame().locator('html')).toHaveAttribute('dir', 'rtl')
  // Playwright's own probes of the frames above run script in them, which their sandbox (no
  // allow-scripts) blocks and Chromium logs: the test's doing, not the page's.
  await expectConsoleMessage(page, /Blocked script execution in 'about:srcdoc'/)
})
