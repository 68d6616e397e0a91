import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { eq, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, expect, inject, it } from 'vitest'

import { resetEnvForTests } from '@/lib/env.server'
import { openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'
import { emailOutbox } from '@/server/db/schema'
import { createTestDatabase } from '@/test/database'

import { outboxId, sendFromOutbox } from './outbox.server'

const onPostgres = inject('postgres') !== undefined
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-outbox-kill-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/**
 * A real SMTP server that is slow to accept: it reads the whole message and
 * answers only when `accept` is on. A message counts once it is accepted.
 */
function slowMailServer() {
  const state = { accept: false, received: 0, delivered: [] as string[] }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let body = ''
      stream.on('data', (chunk: Buffer) => (body += chunk))
      stream.on('end', () => {
        state.received++
        if (!state.accept) return // Holds the answer: the sender waits, mid-send.
        state.delivered.push(/^Message-ID: (.*)$/im.exec(body)?.[1] ?? '')
        callback()
      })
    },
  })
  return { server, state }
}

async function waitFor(check: () => boolean, child?: ChildProcess) {
  const deadline = Date.now() + 60_000
  while (!check()) {
    if (child && child.exitCode !== null) throw new Error('the sender exited')
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

it('a sender killed (-9) mid-send loses nothing and sends nothing twice', async () => {
  const { server, state } = slowMailServer()
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const EMAIL_SERVER = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  const folder = path.join(root, 'db')
  const test = onPostgres ? await createTestDatabase() : undefined
  const url = test?.url ?? `file://${folder}`
  const id = outboxId('killed mid-send')

  const before = test ?? (await prepareDatabase(await openDatabase(url)))
  await before.db
    .insert(emailOutbox)
    .values({ id, kind: 'test', to: 'reader@example.com', subject: 'Code', text: '123456', html: '<p>123456</p>' })
  if (!test) await before.close() // PGlite: one process at a time.

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/fixtures/send-from-outbox.ts', id], {
    env: { ...process.env, DATABASE_URL: url, EMAIL_SERVER, LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await waitFor(() => state.received === 1, child)
  child.kill('SIGKILL')
  await once(child, 'exit')

  process.env.EMAIL_SERVER = EMAIL_SERVER
  resetEnvForTests()
  const after = test ?? (await openDatabase(url))
  try {
    const [left] = await after.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
    expect(left).toMatchObject({ attempts: 1, sentAt: null })
    // Kept: claimed by the dead sender until its claim lapses (30 s; here, at once).
    await expect(sendFromOutbox(after.db, { id })).rejects.toThrow(/another process/)
    await after.db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id))
    state.accept = true
    await sendFromOutbox(after.db, { id })
    await sendFromOutbox(after.db, { id })
    expect(state.delivered).toEqual([`<${id}@localhost>`])
  } finally {
    delete process.env.EMAIL_SERVER
    resetEnvForTests()
    if (!test) await after.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}, 90_000)
