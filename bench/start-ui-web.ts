/**
 * start-ui-web (BearStudio), the starter this product competes with, started
 * beside ours so that one bench run compares the two: its production build in
 * BENCH_START_UI_WEB_DIR, built as ../shared/bench/start-ui-web.md says (Node
 * 22, pnpm 10, Prisma without downloads, its own database in its `.env`).
 * Nothing of it is in this repository.
 *
 * It runs as its `pnpm start` runs it (`dotenv -- node .output/server/index.mjs`,
 * NODE_ENV=production), on BENCH_START_UI_WEB_NODE (a Node 22; default `node`),
 * with its `.env` read here and two values replaced: EMAIL_SERVER (the bench's
 * SMTP catcher, which hands over its codes) and LOGGER_LEVEL (warn). Its port
 * is the one of the VITE_BASE_URL its client was built with (better-auth checks
 * the origin against it).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { type RunningApp, superviseUntilReady } from './app'
import { parseDotenv } from './phone-figures'

const ENTRY = '.output/server/index.mjs'

/** start-ui-web's folder, when the bench is told where it is. */
export function startUiWebDir(): string | undefined {
  return process.env.BENCH_START_UI_WEB_DIR || undefined
}

/** start-ui-web's `.env` (its database, its AUTH_SECRET, the base URL its client was built with). */
export function startUiWebEnv(dir: string) {
  return parseDotenv(readFileSync(path.join(dir, '.env'), 'utf8'))
}

/**
 * Starts start-ui-web's production build; resolves once `/login` answers 200.
 * `overrides.DATABASE_URL` runs it on another database; `overrides.PORT` on
 * another port (its API answers there, better-auth allowing that host;
 * a browser's sign-in needs the built one).
 */
export async function startStartUiWeb(
  dir: string,
  emailServer: string,
  timeoutMs = 60_000,
  overrides: { DATABASE_URL?: string; PORT?: string } = {},
): Promise<RunningApp> {
  if (!existsSync(path.join(dir, ENTRY)))
    throw new Error(`BENCH_START_UI_WEB_DIR: no ${ENTRY} in ${dir} (build it: ../shared/bench/start-ui-web.md)`)
  const dotenv = startUiWebEnv(dir)
  const builtUrl = new URL(dotenv.VITE_BASE_URL ?? '')
  const port = overrides.PORT ?? builtUrl.port
  const baseUrl = `${builtUrl.protocol}//${builtUrl.hostname}:${port}`
  const node = process.env.BENCH_START_UI_WEB_NODE ?? 'node'
  // Its `.env`, not ours: nothing of the bench's environment (a DATABASE_URL…) reaches it.
  const child = spawn(node, [ENTRY], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...dotenv,
      NODE_ENV: 'production',
      PORT: port,
      HOST: '127.0.0.1',
      EMAIL_SERVER: emailServer,
      LOGGER_LEVEL: 'warn',
      ...(overrides.DATABASE_URL ? { DATABASE_URL: overrides.DATABASE_URL } : {}),
      ...(port !== builtUrl.port ? { AUTH_ALLOWED_HOSTS: `${builtUrl.hostname}:${port}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return superviseUntilReady(child, { name: 'start-ui-web', url: `${baseUrl}/login`, baseUrl, timeoutMs })
}
