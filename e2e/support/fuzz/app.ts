// A production instance of the built app for the fuzzer alone: a free port, an
// in-memory database and an SMTP catcher in this process (for sign-in codes).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

import { Caller, type CodeReader, type Role, ROLES, SEEDED_ADMIN, signInOverHttp } from '../doors/accounts'
import { appEnv } from '../doors/app-env'
import { json } from '../doors/http'
import { freePort } from '../free-port'
import { createSmtpCatcher } from '../smtp-catcher'

const root = path.resolve(import.meta.dirname, '../../..')

export interface FuzzApp {
  baseURL: string
  readCode: CodeReader
  /** Undefined while the server runs; else how it ended and the end of its error output. */
  exit(): string | undefined
  stop(): Promise<void>
}

export async function startApp(): Promise<FuzzApp> {
  // FUZZ_SERVER_ENTRY: another build's entry (e.g. a branch's .output) to fuzz instead of this checkout's.
  const entry = process.env.FUZZ_SERVER_ENTRY ?? path.join(root, '.output/server/index.mjs')
  if (!existsSync(entry)) throw new Error('No production build: run `npm run build` first.')
  const mails: Array<{ to: string[]; text: string; at: Date }> = []
  const smtp = createSmtpCatcher((mail, to) =>
    mails.unshift({ to: to.map((a) => a.toLowerCase()), text: mail.text ?? '', at: new Date() }),
  )
  const smtpPort = await freePort()
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))
  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [entry], {
    cwd: root,
    env: { ...process.env, ...appEnv(smtpPort), PORT: String(port), BASE_URL: baseURL, LOG_LEVEL: 'fatal' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  }
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the app stopped: ${stderr}`)
    }
    const ready = await fetch(`${baseURL}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the app did not start within 60 s: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const readCode: CodeReader = async (email, after) => {
    const until = Date.now() + 10_000
    for (;;) {
      const mail = mails.find((m) => m.to.includes(email.toLowerCase()) && m.at >= after)
      const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1]
      if (code) return code
      if (Date.now() > until) throw new Error(`no code for ${email}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const exit = () =>
    child.exitCode === null && child.signalCode === null
      ? undefined
      : `exit ${child.exitCode ?? child.signalCode}: ${stderr}`
  return { baseURL, readCode, exit, stop }
}

/** The three callers and the records the fuzzer may change: a few users and books of its own. */
export async function fuzzSetup(app: FuzzApp): Promise<{ callers: Record<Role, Caller>; ids: string[] }> {
  const callers = Object.fromEntries(
    ROLES.map((role) => [role, new Caller(role, app.baseURL, app.readCode)]),
  ) as Record<Role, Caller>
  const admin = await signInOverHttp(app.baseURL, SEEDED_ADMIN, app.readCode)
  const ids: string[] = []
  for (let i = 0; i < 3; i++) {
    const tag = `${Date.now()}-${i}`
    const user = await json(
      app.baseURL,
      'POST',
      '/api/rest/users',
      { name: `Fuzz ${i}`, email: `fuzz-${tag}@example.com`, role: 'user' },
      admin,
    )
    const book = await json(app.baseURL, 'POST', '/api/rest/books', { title: `Fuzz ${tag}`, author: 'Fuzz' }, admin)
    for (const answer of [user, book]) {
      if (answer.status !== 201) throw new Error(`fuzz setup: ${answer.request} ${answer.status} ${answer.body}`)
      ids.push((JSON.parse(answer.body) as { id: string }).id)
    }
  }
  return { callers, ids }
}
