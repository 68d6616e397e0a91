import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'

import { parseEnv } from '@/lib/env.server'
import { openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'
import { user } from '@/server/db/schema'
import { clearDevMailbox } from '@/server/email/dev-mailbox.server'
import { authRequests, signInWithCode, TEST_BASE_URL } from '@/test/auth-requests'
import { createTestDatabase, type TestDatabase } from '@/test/database'

import { type Auth, createAuth } from './auth.server'
import { createAdmin, InvalidAdminEmailError } from './first-admin.server'

const onPostgres = inject('postgres') !== undefined
const ADMIN_EMAIL = 'Ops@Books.Example'

let handle: TestDatabase
let auth: Auth
const api = authRequests(() => auth)

// A production database: genres only, no known account.
beforeAll(async () => {
  handle = await createTestDatabase({ seeded: false })
  await prepareDatabase(handle, { demo: false })
  auth = createAuth(
    handle.db,
    parseEnv({ NODE_ENV: 'test', BASE_URL: TEST_BASE_URL, RATE_LIMIT: 'false', ADMIN_EMAIL }),
  )
})

beforeEach(() => clearDevMailbox())

async function roleOf(email: string) {
  const [row] = await handle.db.select({ role: user.role }).from(user).where(eq(user.email, email))
  return row?.role
}

describe('ADMIN_EMAIL', () => {
  it('makes its address an administrator at its first sign-in, whatever the case', async () => {
    await signInWithCode(api, 'ops@books.example')
    expect(await roleOf('ops@books.example')).toBe('admin')
  })

  it('makes no other address an administrator, a +tag of it included', async () => {
    await signInWithCode(api, 'ops+x@books.example')
    await signInWithCode(api, 'someone@books.example')
    expect(await roleOf('ops+x@books.example')).toBe('user')
    expect(await roleOf('someone@books.example')).toBe('user')
  })

  it('leaves an existing account as it is (admin:create promotes one)', async () => {
    const other = createAuth(
      handle.db,
      parseEnv({
        NODE_ENV: 'test',
        BASE_URL: TEST_BASE_URL,
        RATE_LIMIT: 'false',
        ADMIN_EMAIL: 'someone@books.example',
      }),
    )
    await signInWithCode(
      authRequests(() => other),
      'someone@books.example',
    )
    expect(await roleOf('someone@books.example')).toBe('user')
  })
})

describe('createAdmin (npm run admin:create)', () => {
  it('creates an unverified, not onboarded administrator who then signs in with a code', async () => {
    expect(await createAdmin(handle.db, ' New.Admin@Books.Example ')).toBe('created')
    const [row] = await handle.db.select().from(user).where(eq(user.email, 'new.admin@books.example'))
    expect(row).toMatchObject({ role: 'admin', emailVerified: false, onboardedAt: null })
    await signInWithCode(api, 'new.admin@books.example')
    expect(await roleOf('new.admin@books.example')).toBe('admin')
  })

  it('promotes an existing account, and a second call changes nothing', async () => {
    await signInWithCode(api, 'later@books.example')
    expect(await createAdmin(handle.db, 'later@books.example')).toBe('promoted')
    expect(await createAdmin(handle.db, 'later@books.example')).toBe('promoted')
    expect(await roleOf('later@books.example')).toBe('admin')
  })

  it('refuses what is not an e-mail address', async () => {
    await expect(createAdmin(handle.db, 'admin')).rejects.toBeInstanceOf(InvalidAdminEmailError)
  })
})

// The script on a PGlite folder of its own: once, in the `pglite` project.
describe.runIf(!onPostgres)('the admin:create script', () => {
  const run = (args: string[], folder: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: `file://${folder}` },
      timeout: 60_000,
    })

  it('migrates a new database, seeds only what the environment allows, and makes the admin', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-admin-'))
    try {
      const created = run(['create', 'first@books.example'], folder)
      expect(created.status, created.stderr).toBe(0)
      expect(created.stdout).toContain('first@books.example is an administrator')
      const refused = run(['create', 'not-an-address'], folder)
      expect(refused.status).toBe(2)
      expect(refused.stderr).toContain('Not an e-mail address')
      expect(run(['create'], folder).status).toBe(2)

      const reopened = await openDatabase(`file://${folder}`)
      try {
        const rows = await reopened.db.select({ email: user.email, role: user.role }).from(user)
        expect(rows).toContainEqual({ email: 'first@books.example', role: 'admin' })
      } finally {
        await reopened.close()
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
    // Three tsx processes, each compiling the server code: slow on a loaded machine.
  }, 120_000)
})
