// The proof of presence as a person meets it (issues 28, 38): an action that needs it, asked
// for once the proof is closed (PROOF_WINDOW_SECONDS after the sign-in or the last such action),
// opens 'Confirm it's you', naming the action; a passkey or a new e-mail code proves it and the
// action is then done, without starting again. Runs against an app of its own whose proof lasts
// 5 idle seconds (the clock the test controls), so that the shared apps' admin tests never meet
// the dialog.
import type { Browser, Page } from '@playwright/test'

import { expect, expectConsoleMessage, test } from './support/console'
import { readLoginCode } from './support/mailbox'
import { type OwnApp, startOwnApp } from './support/own-app'
import { addVirtualAuthenticator } from './support/passkeys'
import { ADMIN_EMAIL, signIn, uniqueEmail } from './support/sign-in'

// Beside the shared apps (app E2E_PORT, demo +2, login-only +4); +6 is also
// sign-in-limits.spec.ts's, which runs before or after this file, never beside it.
const port = Number(process.env.E2E_PORT ?? '3100') + 6
const PROOF_SECONDS = 5
let app: OwnApp

// Each test waits out the proof's window once or twice, beside several sign-ins.
test.describe.configure({ mode: 'serial', timeout: 60_000 })

test.beforeAll(async () => {
  // Starting a production app of its own takes a while on a loaded machine.
  app = await startOwnApp(port, { RATE_LIMIT: 'false', PROOF_WINDOW_SECONDS: String(PROOF_SECONDS) })
})

test.afterAll(async () => {
  await app?.stop()
})

/** A page of its own browser, on the own app. */
async function newPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: app.baseURL, ...(viewport ? { viewport } : {}) })
  return context.newPage()
}

/** A new user, signed up and onboarded as `name` in a browser of their own. */
async function newUser(browser: Browser, name: string) {
  const page = await newPage(browser)
  const email = uniqueEmail('proof')
  await signIn(page, email)
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/app$/)
  return email
}

async function openUser(page: Page, email: string) {
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
  await page
    .getByRole('row', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/)
}

/** The proof has been idle longer than its window: the next action that needs it asks again. */
async function letProofExpire(page: Page) {
  await page.waitForTimeout(PROOF_SECONDS * 1000 + 200)
}

test('an admin without a passkey deletes a user after proving presence with a new e-mail code', async ({ browser }) => {
  const email = await newUser(browser, 'Proof Target')
  const page = await newPage(browser)
  await signIn(page, ADMIN_EMAIL)
  await openUser(page, email)
  await letProofExpire(page)

  await page.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog', { name: 'Delete Proof Target?' }).getByRole('button', { name: 'Delete' }).click()
  const proof = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(proof).toBeVisible()
  await expect(proof).toContainText('You are about to delete this user. This action cannot be undone.')
  const after = new Date()
  await proof.getByRole('button', { name: 'E-mail me a code' }).click()
  const code = await readLoginCode(ADMIN_EMAIL, { after })
  // The sixth digit sends it.
  await proof.getByLabel('Verification code').pressSequentially(code)

  // Done without being asked again: the user is gone.
  await expect(page.getByText('User deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/manager\/users$/)
  await page.goto(`/manager/users?searchTerm=${encodeURIComponent(email)}`)
  await expect(page.getByRole('link', { name: /Proof Target/ })).toHaveCount(0)
  // The refusal that opened the dialog, and nothing else: the deleted user's page asks for none of its data again.
  await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/user\/delete/)
})

test('an admin with a passkey bans a user after a passkey proof, and is asked again once it is old', async ({
  browser,
}) => {
  const email = await newUser(browser, 'Banned Twice')
  const page = await newPage(browser)
  await addVirtualAuthenticator(page)
  await signIn(page, ADMIN_EMAIL)
  await page.goto('/manager/account')
  await page.getByLabel('Name of the new passkey').fill('Admin key')
  const after = new Date()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  // Adding a passkey needs the proof too: on a slow machine this app's 5 s may already be over.
  const added = page.getByText('The passkey has been added')
  const asked = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(added.or(asked)).toBeVisible()
  if (await asked.isVisible()) {
    await asked.getByRole('button', { name: 'E-mail me a code' }).click()
    await asked.getByLabel('Verification code').pressSequentially(await readLoginCode(ADMIN_EMAIL, { after }))
    await expectConsoleMessage(page, /status of 403 .*\/api\/auth\/passkey\//)
  }
  await expect(added).toBeVisible()

  await openUser(page, email)
  await letProofExpire(page)
  await page.getByRole('button', { name: 'Ban' }).click()
  await page.getByRole('dialog', { name: 'Ban Banned Twice?' }).getByRole('button', { name: 'Ban user' }).click()
  const proof = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(proof).toContainText('You are about to ban this user.')
  await expect(proof).not.toContainText('cannot be undone')
  await proof.getByRole('button', { name: 'Use my passkey' }).click()
  await expect(page.getByTestId('ban-state')).toContainText('Banned')
  await expect(proof).toHaveCount(0)

  // Five seconds on, the next one asks again.
  await letProofExpire(page)
  await page.getByRole('button', { name: 'Unban' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unban' }).click()
  await expect(page.getByTestId('ban-state')).toHaveText('Active')
  await page.getByRole('button', { name: 'Ban' }).click()
  await page.getByRole('dialog', { name: 'Ban Banned Twice?' }).getByRole('button', { name: 'Ban user' }).click()
  await expect(proof).toBeVisible()
  // The refusals that opened the dialog, once each time.
  await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/user\/ban/)
})

test('at 320 px, the dialog names a role change, says nothing of undoing it, and keeps its buttons off its edges', async ({
  browser,
}) => {
  const email = await newUser(browser, 'Narrow Target')
  const page = await newPage(browser, { width: 320, height: 640 })
  await signIn(page, ADMIN_EMAIL)
  await openUser(page, email)
  await page.getByRole('link', { name: 'Edit' }).click()
  await page.getByLabel('Role').selectOption('admin')
  await letProofExpire(page)
  await page.getByRole('button', { name: 'Save changes' }).click()

  const proof = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(proof).toContainText("You are about to change this user's role.")
  await expect(proof).not.toContainText('cannot be undone')
  // Each button inside the dialog with room on both sides, and nothing wider than the screen.
  const box = (await proof.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(320)
  const buttons = proof.getByRole('button')
  expect(await buttons.count()).toBeGreaterThanOrEqual(3)
  for (const button of await buttons.all()) {
    const inner = (await button.boundingBox())!
    expect(inner.x - box.x, await button.innerText()).toBeGreaterThanOrEqual(16)
    expect(box.x + box.width - (inner.x + inner.width), await button.innerText()).toBeGreaterThanOrEqual(16)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await proof.getByRole('button', { name: 'Cancel' }).click()
  await expect(proof).toHaveCount(0)
  await expectConsoleMessage(page, /status of 403 .*\/api\/rpc\/user\/update/)
})
