import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { eq, inArray, sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, expect, inject, it } from 'vitest'

import { createSmtpCatcher } from '@/../e2e/support/smtp-catcher'
import { resetEnvForTests } from '@/lib/env.server'
import { openDatabase } from '@/server/db/client.server'
import { prepareDatabase } from '@/server/db/index.server'
import { emailOutbox } from '@/server/db/schema'
import { createTestDatabase } from '@/test/database'
import { codeMessage } from '@/test/fixtures/code-message'

import { LEASE_SECONDS, outboxId, sendFromOutbox } from './outbox.server'

const onPostgres = inject('postgres') !== undefined
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-books-outbox-kill-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/**
 * A real SMTP server that is slow to accept: it reads the whole message and
 * answers only when `accept` is on. A message counts once it is accepted.
 */
async function slowMailServer() {
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
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const port = (server.server.address() as AddressInfo).port
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return { state, port, url: `smtp://127.0.0.1:${port}`, close }
}

async function waitFor(check: () => boolean, child?: ChildProcess) {
  const deadline = Date.now() + 60_000
  while (!check()) {
    if (child && child.exitCode !== null) throw new Error('the sender exited')
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A database for a child process: PGlite in a folder (after this process lets it go), or a PostgreSQL clone. */
async function databaseForChildren(name: string) {
  if (onPostgres) {
    const test = await createTestDatabase()
    return { url: test.url, open: async () => test, release: async () => {} }
  }
  const url = `file://${path.join(root, name)}`
  await (await prepareDatabase(await openDatabase(url), { demo: false })).close()
  // PGlite: one process at a time.
  return { url, open: () => openDatabase(url), release: (handle: { close(): Promise<void> }) => handle.close() }
}

/** Starts `fixture` (src/test/fixtures/) on the database at `url`, sending to the mail server at `mail`. */
function spawnFixture(fixture: string, args: string[], { url, mail }: { url: string; mail: string }) {
  return spawn(process.execPath, ['--import', 'tsx', `src/test/fixtures/${fixture}`, ...args], {
    env: { ...process.env, DATABASE_URL: url, EMAIL_SERVER: mail, LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

/** Runs `body` with this process sending to `mail`. */
async function sendingTo<T>(mail: string, body: () => Promise<T>) {
  process.env.EMAIL_SERVER = mail
  resetEnvForTests()
  try {
    return await body()
  } finally {
    delete process.env.EMAIL_SERVER
    resetEnvForTests()
  }
}

it('a sender killed (-9) mid-send loses nothing and sends nothing twice', async () => {
  const mail = await slowMailServer()
  const database = await databaseForChildren('db')
  const id = outboxId('killed mid-send')
  const before = await database.open()
  await before.db
    .insert(emailOutbox)
    .values({ id, kind: 'test', to: 'reader@example.com', subject: 'Code', text: '123456', html: '<p>123456</p>' })
  await database.release(before)

  const child = spawnFixture('send-from-outbox.ts', [id], { url: database.url, mail: mail.url })
  await waitFor(() => mail.state.received === 1, child)
  child.kill('SIGKILL')
  await once(child, 'exit')

  const after = await database.open()
  try {
    await sendingTo(mail.url, async () => {
      const [left] = await after.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
      expect(left).toMatchObject({ attempts: 1, sentAt: null })
      // Kept: leased by the dead sender until its lease lapses (15 s; here, at once).
      await expect(sendFromOutbox(after.db, { id })).rejects.toThrow(/another process/)
      await after.db
        .update(emailOutbox)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(emailOutbox.id, id))
      mail.state.accept = true
      await sendFromOutbox(after.db, { id })
      await sendFromOutbox(after.db, { id })
      expect(mail.state.delivered).toEqual([`<${id}@localhost>`])
    })
  } finally {
    await database.release(after)
    await mail.close()
  }
}, 90_000)

it('a server killed (-9) mid-send: every code arrives within 30 s of its restart, each once, and none is kept', async () => {
  // Two codes asked in a request (tried at once), three left to the job: the first job is running when the kill comes.
  const codes = [
    { how: 'ask', email: 'asked-1@example.com', code: '401731' },
    { how: 'ask', email: 'asked-2@example.com', code: '402842' },
    { how: 'queue', email: 'queued-1@example.com', code: '403953' },
    { how: 'queue', email: 'queued-2@example.com', code: '404064' },
    { how: 'queue', email: 'queued-3@example.com', code: '405175' },
  ]
  const ids = codes.map(({ email, code }) => outboxId(codeMessage(email, code).naming.key))
  const messageIds = ids.map((id) => `<${id}@localhost>`)
  const database = await databaseForChildren('server-db')

  // The mail server first holds every message (the sender waits mid-send), then is the tests' catcher.
  const holding = await slowMailServer()
  const settings = { url: database.url, mail: holding.url }
  const first = spawnFixture(
    'outbox-server.ts',
    codes.map(({ how, email, code }) => `${how}:${email}:${code}`),
    settings,
  )
  // Both requests and the first job are mid-send; the two other jobs wait.
  await waitFor(() => holding.state.received === 3, first)
  first.kill('SIGKILL')
  await once(first, 'exit')
  await holding.close()

  const delivered: string[] = []
  const catcher = createSmtpCatcher((mail) => delivered.push(mail.messageId ?? ''))
  catcher.listen(holding.port, '127.0.0.1')
  await once(catcher.server, 'listening')
  const restart = Date.now()
  const second = spawnFixture('outbox-server.ts', [], settings)
  try {
    await waitFor(() => delivered.length >= codes.length || Date.now() - restart > 30_000, second)
    expect(delivered.toSorted(), 'delivered within 30 s of the restart').toEqual(messageIds.toSorted())
    expect(Date.now() - restart).toBeLessThan(30_000)
    // Long enough for a second sending of any: a job expired by pg-boss's maintenance (every 2 s), retried 5 s later.
    await new Promise((resolve) => setTimeout(resolve, 10_000))
    expect(delivered.toSorted()).toEqual(messageIds.toSorted())
  } finally {
    second.kill('SIGTERM')
    await once(second, 'exit')
    await new Promise<void>((resolve) => catcher.close(() => resolve()))
  }

  // Delivered, and kept without their code (the subject, the text and the HTML all carry it).
  const after = await database.open()
  try {
    const rows = await after.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids))
    expect(rows.map((row) => row.sentAt !== null)).toEqual(codes.map(() => true))
    const kept = JSON.stringify(rows)
    for (const { code } of codes) expect(kept).not.toContain(code)
  } finally {
    await database.release(after)
  }
}, 120_000)

/**
 * A mail server that never finishes its answer to a message: it keeps sending
 * continuation lines (`250-…`), so the connection is never idle and no
 * socket timeout ends the exchange.
 */
async function endlessMailServer() {
  const state = { received: 0 }
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    socket.write('220 endless ESMTP\r\n')
    let buffer = ''
    let inData = false
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      if (inData) {
        if (!buffer.includes('\r\n.\r\n')) return
        state.received++
        const talking = setInterval(() => socket.write('250-still thinking\r\n'), 500)
        socket.on('close', () => clearInterval(talking))
        return
      }
      for (let end = buffer.indexOf('\r\n'); end >= 0 && !inData; end = buffer.indexOf('\r\n')) {
        const verb = buffer.slice(0, 4).toUpperCase()
        buffer = buffer.slice(end + 2)
        inData = verb === 'DATA'
        socket.write(inData ? '354 go on\r\n' : '250 ok\r\n')
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const close = () => {
    for (const socket of sockets) socket.destroy()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return { state, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, close }
}

it('cuts an exchange inside its lease however long the server talks, and a late failure leaves the next lease alone', async () => {
  const mail = await endlessMailServer()
  const handle = await prepareDatabase(await createTestDatabase({ seeded: false }), { demo: false })
  const id = outboxId('endless')
  await handle.db
    .insert(emailOutbox)
    .values({ id, kind: 'test', to: 'reader@example.com', subject: 'Endless', text: 'endless', html: '<p>endless</p>' })
  try {
    await sendingTo(mail.url, async () => {
      const started = Date.now()
      const first = sendFromOutbox(handle.db, { id }).catch((error: Error) => error)
      await waitFor(() => mail.state.received === 1)
      // The first lease lapses early (a slow database, a clock jump): a second sender takes the message.
      await handle.db
        .update(emailOutbox)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(emailOutbox.id, id))
      const second = sendFromOutbox(handle.db, { id }).catch((error: Error) => error)
      await waitFor(() => mail.state.received === 2)
      expect(await first).toBeInstanceOf(Error)
      expect(Date.now() - started).toBeLessThan(LEASE_SECONDS * 1000)
      // The first sender's failure did not end the second one's lease: no third sender can start.
      const [row] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.id, id))
      expect(row).toMatchObject({ attempts: 2, sentAt: null })
      expect(row!.claimedUntil).not.toBeNull()
      await expect(sendFromOutbox(handle.db, { id })).rejects.toThrow(/another process/)
      expect(await second).toBeInstanceOf(Error)
    })
  } finally {
    await mail.close()
  }
}, 60_000)
