/**
 * Load at a fixed concurrency: `wrk` against an HTTP route, and the same
 * number of connections running SQL bare through `pg` (the floor the API is
 * compared with). Both report requests a second and latency percentiles.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { percentile } from './stats'

export interface LoadResult {
  /** Answers a second over the run. */
  rps: number
  /** Latency percentiles, milliseconds. */
  p50: number
  p99: number
  requests: number
  /** Answers that were not 2xx/3xx, and socket errors (connect, read, write, timeout). */
  non2xx: number
  errors: number
}

export interface LoadOptions {
  connections: number
  threads: number
  seconds: number
  headers?: Record<string, string>
}

// wrk calls done() once at the end: its summary, as one JSON line on stdout.
const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration":%d,"p50":%d,"p99":%d,"status":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
`

let scriptFile: string | undefined
function wrkScript() {
  if (!scriptFile) {
    scriptFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-')), 'summary.lua')
    writeFileSync(scriptFile, WRK_SCRIPT)
  }
  return scriptFile
}

/** Whether `wrk` is installed (Debian: `apt-get install wrk`). */
export function hasWrk(): Promise<boolean> {
  return new Promise((resolve) =>
    execFile('wrk', ['--version'], (_error, stdout, stderr) => resolve(/wrk/.test(stdout + stderr))),
  )
}

/** `wrk -t<threads> -c<connections> -d<seconds>s` on `url`; the timeout is wrk's own (2 s) per request. */
export function runWrk(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '-s',
    wrkScript(),
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ]
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { timeout: (options.seconds + 30) * 1000 }, (error, stdout) => {
      const line = /WRK_JSON (\{.*\})/.exec(stdout)?.[1]
      if (error || !line) return reject(new Error(`wrk ${args.join(' ')} failed: ${error?.message ?? stdout}`))
      const summary = JSON.parse(line) as {
        requests: number
        duration: number
        p50: number
        p99: number
        status: number
        errors: number
      }
      resolve({
        rps: summary.requests / (summary.duration / 1e6),
        p50: summary.p50 / 1000,
        p99: summary.p99 / 1000,
        requests: summary.requests,
        non2xx: summary.status,
        errors: summary.errors,
      })
    })
  })
}

export interface SqlStatement {
  sql: string
  params: unknown[]
}

/**
 * `connections` clients of a `pg` Pool each running `statements` in turn (one
 * "request", the SQL an API call runs) as fast as they can for `seconds`.
 */
export async function runBareSql(
  databaseUrl: string,
  statements: SqlStatement[],
  options: Pick<LoadOptions, 'connections' | 'seconds'>,
): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.connections })
  try {
    // Connections opened before the clock starts (as the app's pool is warm).
    const clients = await Promise.all(Array.from({ length: options.connections }, () => pool.connect()))
    clients.forEach((client) => client.release())
    const latencies: number[] = []
    let errors = 0
    const started = performance.now()
    const end = started + options.seconds * 1000
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < end) {
          const start = performance.now()
          try {
            // Named, so prepared once per connection, as the app sends its first page (prepared.server.ts).
            for (const [index, statement] of statements.entries()) {
              await pool.query({ name: `bare_${index}`, text: statement.sql, values: statement.params })
            }
            latencies.push(performance.now() - start)
          } catch {
            errors++
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    return {
      rps: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      requests: latencies.length,
      non2xx: 0,
      errors,
    }
  } finally {
    await pool.end()
  }
}

/** Resident memory of a process and its children (kilobytes → megabytes), from /proc; undefined elsewhere. */
export function rssMegabytes(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return Number.isFinite(kb) ? kb / 1024 : undefined
  } catch {
    return undefined
  }
}

/** The load average (1, 5, 15 minutes) as printed in the report. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')
