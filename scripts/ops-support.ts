/**
 * What the deployment tests share (scripts/ops-test.ts, scripts/scale-test.ts):
 * HTTP requests with bounded waits, their checks, the production server and
 * Debian's nginx (docs/deploy/nginx.conf) as child processes, stopped on the way out.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..')
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file)) ?? 'nginx'
export const SERVER_ENTRY = '.output/server/index.mjs'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---- Checks ------------------------------------------------------------------

export interface CheckResult {
  name: string
  ok: boolean
  detail: string
}

export const results: CheckResult[] = []

export function check(name: string, ok: boolean, detail = '') {
  results.push({ name, ok, detail })
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`)
}

/** The summary line; sets the exit code. */
export function reportResults(started: number) {
  const failed = results.filter((result) => !result.ok)
  console.log(
    `\n${results.length - failed.length}/${results.length} checks passed in ${Math.round((Date.now() - started) / 1000)} s`,
  )
  process.exitCode = failed.length ? 1 : 0
}

// ---- HTTP ------------------------------------------------------------------

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export interface RequestOptions {
  port: number
  /** The Origin a body is sent with (the app's BASE_URL). */
  origin: string
  method?: string
  path: string
  headers?: Record<string, string>
  /** Sent as JSON, or as it is when bytes (a picture: give its content type in `headers`). */
  body?: unknown
  agent?: http.Agent | false
  localAddress?: string
  timeoutMs?: number
}

export function request(options: RequestOptions): Promise<Answer> {
  const body = options.body === undefined || Buffer.isBuffer(options.body) ? options.body : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        localAddress: options.localAddress,
        headers: {
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: options.origin }
            : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })))
    req.on('error', reject)
    req.end(body)
  })
}

/** The `name=value` pairs of an answer's Set-Cookie headers. */
export function setCookies(answer: Answer): string[] {
  return [answer.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0]!)
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return
    await sleep(100)
  }
  throw new Error(`timed out waiting for ${what}`)
}

export const isReady = (port: number) =>
  request({ port, origin: '', path: '/api/health/ready', timeoutMs: 3000 }).then((answer) => answer.status === 200)

// ---- Processes -------------------------------------------------------------

const children = new Set<ChildProcess>()
// Never left running: not by a failure that skips the clean-up, a watchdog's exit, nor Ctrl+C.
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))

export function track(child: ChildProcess) {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

/** Every process started here: SIGTERM, then SIGKILL to those still running after `graceMs`. */
export async function stopAll(graceMs = 500) {
  for (const child of children) child.kill('SIGTERM')
  await sleep(graceMs)
  for (const child of children) child.kill('SIGKILL')
}

export interface App {
  name: string
  port: number
  child: ChildProcess
  exited: Promise<number | null>
  logFile: string
}

let starts = 0

/** The production server (`.output`), its output appended to `<dir>/<name>-<n>.log`. */
export function startServer(
  { name, port, dir }: { name: string; port: number; dir: string },
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
): App {
  const logFile = path.join(dir, `${name}-${++starts}.log`)
  const out = fs.openSync(logFile, 'a')
  const child = track(
    spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', out, out] }),
  )
  fs.closeSync(out)
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  return { name, port, child, exited, logFile }
}

/** A documented example (docs/deploy/) with the test's ports and paths: each text it replaces must still be there. */
export function rewritten(file: string, rewrites: [string, string][]) {
  let config = fs.readFileSync(path.join(ROOT, file), 'utf8')
  for (const [from, to] of rewrites) {
    if (!config.includes(from)) throw new Error(`${file} no longer contains "${from}": update the ops test`)
    config = config.replace(from, to)
  }
  return config
}

/** Debian's nginx in `dir` with docs/deploy/nginx.conf, listening on `listen`, one upstream line per app port. */
export function startNginx(dir: string, listen: number, appPorts: number[]) {
  const upstream = (port: number) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`
  const rewrites: [string, string][] = [
    [upstream(3000), upstream(appPorts[0]!)],
    [upstream(3001), appPorts.slice(1).map(upstream).join('\n    ')],
    ['listen 80;', `listen 127.0.0.1:${listen};`],
    ['/var/log/nginx/start-books.access.log', path.join(dir, 'nginx-access.log')],
  ]
  fs.writeFileSync(path.join(dir, 'site.conf'), rewritten('docs/deploy/nginx.conf', rewrites))
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  return track(spawn(NGINX, ['-p', `${dir}/`, '-c', `${dir}/nginx.conf`], { stdio: ['ignore', 'inherit', 'inherit'] }))
}
