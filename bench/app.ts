import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

import { freePort } from '../e2e/support/free-port'
import { createSmtpCatcher } from '../e2e/support/smtp-catcher'
import { PRODUCTION_ENVIRONMENT, PRODUCTION_NODE_FLAGS } from '../src/server/process/production-runtime'
import { rssMegabytes } from './load'

const SERVER_ENTRY = '.output/server/index.mjs'
/** The pinned Node 24 every npm script runs on. */
const NODE = 'node_modules/.bin/node'

function run(command: string, args: string[], timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' })
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs)
    child.once('error', reject)
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))
    })
  })
}

/** The newest modification time of the files under `entry` (a file or a folder). */
function newestChange(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))))
}

const BUILD_INPUTS = ['src', 'drizzle', 'public', 'vite.config.ts', 'package-lock.json']

/** The production build, (re)built first when there is none or the sources changed since. */
export async function ensureBuild(log: (line: string) => void) {
  if (existsSync(SERVER_ENTRY)) {
    const built = statSync(SERVER_ENTRY).mtimeMs
    if (BUILD_INPUTS.every((input) => newestChange(input) <= built)) return
    log(`sources changed since the last build: npm run build`)
  } else {
    log(`no ${SERVER_ENTRY}: npm run build`)
  }
  await run('npm', ['run', 'build'], 10 * 60_000)
}

/** An SMTP catcher in this process: resolves the next e-mail's 6-digit code for an address. */
export async function startMailCatcher() {
  const port = Number(process.env.BENCH_SMTP_PORT) || (await freePort())
  const waiting = new Map<string, (code: string) => void>()
  const smtp = createSmtpCatcher((mail, envelopeTo) => {
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1]
    for (const address of envelopeTo) {
      const resolve = waiting.get(address.toLowerCase())
      if (code && resolve) resolve(code)
    }
  })
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Call before asking for the code; rejects after `timeoutMs`. */
    nextCode(email: string, timeoutMs = 15_000) {
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no code e-mailed to ${email} within ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiting.set(email.toLowerCase(), (code) => {
          clearTimeout(timer)
          waiting.delete(email.toLowerCase())
          resolve(code)
        })
      })
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

export interface RunningApp {
  baseUrl: string
  process: ChildProcess
  /** The server's output so far (printed when the benchmark fails). */
  output(): string
  stop(): Promise<void>
}

/**
 * The RSS (MB) of the runtime alone, started as `npm start` starts the server,
 * once it has loaded `node:http` and nothing else: no HTTP server on it idles
 * below this.
 */
export async function runtimeFloorMegabytes(): Promise<number | undefined> {
  const child = spawn(
    NODE,
    [...PRODUCTION_NODE_FLAGS, '-e', "import('node:http').then(() => setTimeout(() => {}, 30_000))"],
    {
      env: { ...PRODUCTION_ENVIRONMENT, ...process.env },
      stdio: 'ignore',
    },
  )
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    return rssMegabytes(child.pid)
  } finally {
    child.kill()
  }
}

/** Starts the production server on a free port against `databaseUrl`; resolves once /api/health answers 200. */
export async function startApp(
  databaseUrl: string,
  emailServer: string,
  timeoutMs = 60_000,
  /** Variables set on top of the bench's own (e.g. `RATE_LIMIT`, `NODE_OPTIONS`, `PORT`). */
  extraEnv: Record<string, string> = {},
  /** Node's flags, `npm start`'s unless given (the mixed part's BENCH_MIXED_NODE_FLAGS). */
  nodeFlags: readonly string[] = PRODUCTION_NODE_FLAGS,
): Promise<RunningApp> {
  const port = Number(extraEnv.PORT ?? process.env.BENCH_PORT) || (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  // BENCH_CPU_PROF=1: the server writes a V8 CPU profile into bench-profiles/ when it stops.
  const profile = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir=bench-profiles'] : []
  // Node as `npm start` runs it (flags and malloc settings).
  const child = spawn(NODE, [...nodeFlags, ...profile, SERVER_ENTRY], {
    env: {
      ...PRODUCTION_ENVIRONMENT,
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      EMAIL_SERVER: emailServer,
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      // The benches sign in as the demo accounts, which production seeds only when asked.
      SEED_DEMO_DATA: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return superviseUntilReady(child, { name: 'the server', url: `${baseUrl}/api/health`, baseUrl, timeoutMs })
}

/**
 * A started server process, kept until it answers `url` (or it exits, or
 * `timeoutMs` pass: then it is stopped and the error carries its output);
 * `stop` asks it to end (SIGTERM), then ends it (SIGKILL) after 10 s.
 */
export async function superviseUntilReady(
  child: ChildProcess,
  { name, url, baseUrl, timeoutMs }: { name: string; url: string; baseUrl: string; timeoutMs: number },
) {
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited = false
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())))

  const stop = async () => {
    if (exited) return
    child.kill('SIGTERM')
    const killed = await Promise.race([exit.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))])
    if (!killed) {
      child.kill('SIGKILL')
      await exit
    }
  }

  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (exited) throw new Error(`${name} exited during start-up:\n${output}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${name} did not answer ${new URL(url).pathname} within ${timeoutMs} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { baseUrl, process: child, output: () => output, stop }
}

/** Signs `email` in by e-mail code as a browser would; returns the session cookie. */
export async function signIn(baseUrl: string, email: string, nextCode: (email: string) => Promise<string>) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
  const code = nextCode(email)
  const sent = await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })
  if (!sent.ok) throw new Error(`could not send a code to ${email}: ${sent.status} ${await sent.text()}`)
  const signedIn = await post('/sign-in/email-otp', { email, otp: await code })
  if (!signedIn.ok) throw new Error(`could not sign ${email} in: ${signedIn.status} ${await signedIn.text()}`)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => /^(__Secure-)?better-auth\.session_token=./.test(pair))
  if (!cookie) throw new Error(`no session cookie for ${email}`)
  return cookie
}
