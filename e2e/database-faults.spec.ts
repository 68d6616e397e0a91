// The production server between it and a real PostgreSQL, faults: its own database reached through a
// TCP relay of this test (src/test/tcp-relay.ts). A partition holds the bytes, nothing is refused:
// a page and a form post are answered 503 with Retry-After within 10 s, and again once it ends.
// A database closed to connections (ALLOW_CONNECTIONS false, SQLSTATE 55000) is unavailable too.
// Needs TEST_DATABASE_URL (CI sets it) and the build.
import { randomBytes } from 'node:crypto'

import type { APIResponse, Page } from '@playwright/test'
import pg from 'pg'

import { type TcpRelay, tcpRelay } from '../src/test/tcp-relay'
import { expect, test } from './support/console'
import { freePort } from './support/free-port'
import { readLoginCode } from './support/mailbox'
import { type OwnApp, startOwnApp } from './support/own-app'
import { requestCode, submitCode, USER_EMAIL } from './support/sign-in'

const ADMIN_URL = process.env.TEST_DATABASE_URL
const DATABASE = `test_e2e_${randomBytes(4).toString('hex')}`
const ANSWER_WITHIN_MS = 10_000

let relay: TcpRelay
let app: OwnApp

test.skip(!ADMIN_URL, 'needs a PostgreSQL server: TEST_DATABASE_URL')
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  await admin(`create database "${DATABASE}"`)
  relay = await tcpRelay(Object.assign(new URL(ADMIN_URL!), { pathname: `/${DATABASE}` }).toString())
  app = await startOwnApp(await freePort(), { DATABASE_URL: relay.url })
})

test.afterAll(async () => {
  relay?.pass()
  await app?.stop()
  await admin(`drop database if exists "${DATABASE}" with (force)`)
})

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function signedIn(page: Page) {
  const after = await requestCode(page, USER_EMAIL, `${app.baseURL}/login`)
  await submitCode(page, await readLoginCode(USER_EMAIL, { after }))
  await expect(page).toHaveURL(/\/app/)
}

/**
 * A book's page (its session kept by the server, its book read from the database), the book list
 * (both kept: the server may serve it from memory for a few seconds), and the login form's post
 * (the auth service behind a form).
 */
function doors(page: Page, bookId: string): Array<() => Promise<APIResponse>> {
  return [
    () => page.request.get(`${app.baseURL}/app/books/${bookId}`, { maxRedirects: 0 }),
    () => page.request.get(`${app.baseURL}/app/books`, { maxRedirects: 0 }),
    () =>
      page.request.post(`${app.baseURL}/login`, {
        form: { email: 'someone@example.com' },
        headers: { origin: app.baseURL },
        maxRedirects: 0,
      }),
  ]
}

/** A book of the catalogue, asked before the fault. */
async function someBookId(page: Page) {
  const response = await page.request.get(`${app.baseURL}/api/rest/books`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { items: Array<{ id: string }> }).items[0]!.id
}

/**
 * Each door answers within 10 s: 503 with Retry-After once it needs the database. A signed-in page
 * may be served from what the server keeps (its session, the list) until the change-notice
 * listener finds the database silent (its heartbeat: 5 s, then the query timeout): 200 until then.
 */
async function expectUnavailable(page: Page, bookId: string) {
  const deadline = Date.now() + 2 * ANSWER_WITHIN_MS
  for (const door of doors(page, bookId)) {
    for (;;) {
      const started = Date.now()
      const response = await door()
      const ms = Date.now() - started
      expect(ms, response.url()).toBeLessThan(ANSWER_WITHIN_MS)
      if (response.status() === 200 && Date.now() < deadline) continue
      expect(response.status(), `${response.url()} (${ms} ms)`).toBe(503)
      expect(Number(response.headers()['retry-after']), response.url()).toBeGreaterThan(0)
      expect(await response.text()).not.toMatch(/read timeout|connection timeout|ECONN|terminated/i)
      break
    }
  }
}

async function expectServed(page: Page) {
  await expect(async () => {
    const response = await page.request.get(`${app.baseURL}/app/books`, { maxRedirects: 0 })
    expect(response.status()).toBe(200)
  }).toPass({ timeout: 15_000 })
}

test('a partition: pages and form posts answer 503 with Retry-After within 10 s, and are served again after', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signedIn(page)
  await expectServed(page)
  const bookId = await someBookId(page)
  relay.hold()
  try {
    await expectUnavailable(page, bookId)
  } finally {
    relay.pass()
  }
  await expectServed(page)
})

test('a database closed to connections (55000): pages and form posts answer 503, and are served again after', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await signedIn(page)
  const bookId = await someBookId(page)
  await admin(`alter database "${DATABASE}" allow_connections false`)
  try {
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${DATABASE}'`)
    await expectUnavailable(page, bookId)
  } finally {
    await admin(`alter database "${DATABASE}" allow_connections true`)
  }
  await expectServed(page)
})
