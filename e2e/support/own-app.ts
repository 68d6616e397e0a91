// A production app of a test file's own, for settings the shared e2e apps do not run with
// (e.g. RATE_LIMIT=true): started from the build (`npm run build`) on its own port and
// in-memory database, stopped by the test file. The shared apps and their tests are untouched.
import { type ChildProcess, spawn } from 'node:child_process'

import { test } from '@playwright/test'

/** How long a start may take: a build's first answer on a loaded machine. */
const START_TIMEOUT_MS = 60_000

export interface OwnApp {
  baseURL: string
  stop(): Promise<void>
}

export async function startOwnApp(port: number, env: Record<string, string>): Promise<OwnApp> {
  const baseURL = `http://localhost:${port}`
  // The hook (or test) that starts it waits as long as the start may take, and more for what follows.
  const { timeout } = test.info()
  if (timeout > 0) test.setTimeout(Math.max(timeout, START_TIMEOUT_MS + 30_000))
  const child: ChildProcess = spawn('node_modules/.bin/node', ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: 'memory://',
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      EMAIL_SERVER: `smtp://127.0.0.1:${process.env.MAIL_CATCHER_SMTP_PORT ?? '2525'}`,
      EMAIL_FROM: 'Start Books <noreply@example.com>',
      LOG_LEVEL: 'warn',
      // As the shared apps: the demo accounts, which production seeds only when asked.
      SEED_DEMO_DATA: 'true',
      PORT: String(port),
      BASE_URL: baseURL,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app on port ${port} exited with ${child.exitCode}`)
    const ready = await fetch(`${baseURL}/login`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`the app on port ${port} did not answer within ${START_TIMEOUT_MS / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
