// The e-mail outbox and the jobs page as people meet them (issue 29): with the mail server
// stopped, a person who asks for a code lands on the verify page (no error); an admin sees
// the failed send on /manager/jobs and cancels another one; once the server is back, the
// code arrives and signs the person in. Runs against an app of its own whose mail server
// the test stops and starts (the shared apps' catcher serves every other test).
import { once } from 'node:events'

import type { Browser, Page } from '@playwright/test'
import type { ParsedMail } from 'mailparser'
import type { SMTPServer } from 'smtp-server'

import { expect, test } from './support/console'
import { freePort } from './support/free-port'
import { type OwnApp, startOwnApp } from './support/own-app'
import { ADMIN_EMAIL, requestCode, submitCode, uniqueEmail } from './support/sign-in'
import { createSmtpCatcher } from './support/smtp-catcher'

// Beside the shared apps: app E2E_PORT, demo +2, login-only +4, sign-in limits +6.
const port = Number(process.env.E2E_PORT ?? '3100') + 8
let app: OwnApp
let smtpPort: number
let server: SMTPServer | undefined
const mails: ParsedMail[] = []

/** Reloads the jobs page until it lists `count` failures (the first retry fails a second or so after the request). */
async function expectFailures(admin: Page, count: number) {
  await expect
    .poll(
      async () => {
        await admin.reload()
        return admin.getByTestId('job-failure').count()
      },
      { timeout: 20_000 },
    )
    .toBe(count)
}

async function startMailServer() {
  server = createSmtpCatcher((mail) => mails.push(mail))
  server.listen(smtpPort, '127.0.0.1')
  await once(server.server, 'listening')
}

async function stopMailServer() {
  await new Promise<void>((resolve) => server!.close(() => resolve()))
}

/** The code in the newest e-mail to `email`, once it has arrived. */
async function codeFor(email: string, timeout = 10_000): Promise<string> {
  let code = ''
  await expect
    .poll(
      () => {
        const mail = mails.findLast((candidate) => candidate.to && JSON.stringify(candidate.to).includes(email))
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? ''
        return code
      },
      { timeout },
    )
    .not.toBe('')
  return code
}

async function signInAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await requestCode(page, ADMIN_EMAIL, `${app.baseURL}/login`)
  await submitCode(page, await codeFor(ADMIN_EMAIL))
  await expect(page).toHaveURL(/\/manager\/dashboard$/)
  return page
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  smtpPort = await freePort()
  await startMailServer()
  app = await startOwnApp(port, { EMAIL_SERVER: `smtp://127.0.0.1:${smtpPort}` })
})

test.afterAll(async () => {
  await app?.stop()
  await stopMailServer().catch(() => {})
})

test('with the mail server down, the code is kept, retried, and arrives once it is back', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const admin = await signInAdmin(browser)
  await stopMailServer()

  // A first person's code, which the admin cancels on the jobs page.
  const other = await (await browser.newContext()).newPage()
  await requestCode(other, uniqueEmail('cancelled'), `${app.baseURL}/login`)

  await admin.getByRole('link', { name: 'Jobs' }).click()
  await expect(admin).toHaveURL(/\/manager\/jobs$/)
  const sendQueue = admin.getByTestId('job-queue').filter({ hasText: 'Retry an e-mail not sent at once' })
  await expect(sendQueue).toBeVisible()
  const failures = admin.getByTestId('job-failure')
  await expectFailures(admin, 1)
  await expect(failures).toContainText('To retry')
  await expect(failures).toContainText('ECONNREFUSED')
  await failures.getByRole('button', { name: 'Cancel job' }).click()
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Cancel job' }).click()
  await expect(admin.getByText('The job was cancelled')).toBeVisible()
  await expect(failures).toHaveCount(0)

  // The second person: the verify page asks for the code as usual (the send is retried).
  const email = uniqueEmail('outbox')
  await requestCode(page, email, `${app.baseURL}/login`)
  await expect(page.getByText('Not there yet? It is on its way')).toBeVisible()
  await expectFailures(admin, 1)

  // The mail server returns 30 s later: the code arrives within 10 s, and signs in.
  await page.waitForTimeout(30_000)
  await startMailServer()
  const code = await codeFor(email, 10_000)
  await submitCode(page, code)
  await expect(page).toHaveURL(/\/onboarding/)

  await expectFailures(admin, 0)
  await expect(sendQueue.getByRole('cell').nth(4)).not.toHaveText('0') // Done
  // One e-mail per request: the cancelled one never went, none went twice.
  expect(mails.filter((mail) => JSON.stringify(mail.to).includes(email))).toHaveLength(1)
  expect(mails.filter((mail) => JSON.stringify(mail.to).includes('cancelled-'))).toHaveLength(0)
})
