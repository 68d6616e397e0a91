import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'

import { median } from './stats'

/** What one `wrk` run measured. */
export interface LoadResult {
  /** Requests answered per second. */
  rps: number
  /** Latency percentiles, in milliseconds. */
  p50: number
  p99: number
  requests: number
  /** Answers that were not 2xx/3xx (wrk's "Non-2xx or 3xx responses"). */
  non2xx: number
  /** Connect, read, write and timeout errors together. */
  errors: number
  /** Bytes read per second (compressed bytes when the answers are compressed). */
  bytesPerSecond: number
}

export interface LoadOptions {
  /** Request headers (e.g. `cookie`, `accept-encoding`). */
  headers?: Record<string, string>
  threads?: number
  connections?: number
  /** Seconds of the timed run. */
  durationSeconds?: number
  /** Seconds of an untimed run first (the JIT, the caches, the connection pool). */
  warmupSeconds?: number
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }
const BYTE_UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

function milliseconds(text: string) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!match) throw new Error(`unknown wrk duration: ${text}`)
  return Number(match[1]) * UNITS[match[2]!]!
}

/** The figures of wrk's report printed with `--latency`. */
export function parseWrk(output: string): LoadResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output)
    return match ? Number(match[1]) : 0
  }
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)
  const p50 = /^\s+50%\s+(\S+)/m.exec(output)
  const p99 = /^\s+99%\s+(\S+)/m.exec(output)
  if (!rps || !p50 || !p99) throw new Error(`could not read wrk's report:\n${output}`)
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(output)
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  return {
    rps: Number(rps[1]),
    p50: milliseconds(p50[1]!),
    p99: milliseconds(p99[1]!),
    requests: number(/(\d+) requests in/),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    bytesPerSecond: transfer ? Number(transfer[1]) * BYTE_UNITS[transfer[2]!]! : 0,
  }
}

function wrk(url: string, args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', (error) =>
      reject(new Error(`could not run wrk (apt-get install wrk): ${error.message}`, { cause: error })),
    )
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`wrk exited with ${code}:\n${output}`)),
    )
  })
}

/**
 * Loads `url` with wrk (`-t2 -c20 -d10s` by default, after a 3 s warm-up)
 * and returns its rate and latency. Non-2xx answers are counted, not
 * hidden: a rate made of 429s or 500s is no rate at all.
 */
export async function httpLoad(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const { headers = {}, threads = 2, connections = 20, durationSeconds = 10, warmupSeconds = 3 } = options
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const base = [`-t${threads}`, `-c${connections}`, ...headerArgs]
  if (warmupSeconds > 0) await wrk(url, [...base, `-d${warmupSeconds}s`])
  return parseWrk(await wrk(url, [...base, `-d${durationSeconds}s`, '--latency']))
}

/** The medians of several results (each figure on its own). */
export function medianLoad(results: LoadResult[]): LoadResult {
  const of = (key: keyof LoadResult) => median(results.map((result) => result[key]))
  return {
    rps: of('rps'),
    p50: of('p50'),
    p99: of('p99'),
    requests: of('requests'),
    non2xx: Math.max(...results.map((result) => result.non2xx)),
    errors: Math.max(...results.map((result) => result.errors)),
    bytesPerSecond: of('bytesPerSecond'),
  }
}

/** The machine's 1-minute load average, for the report beside every figure. */
export const loadAverage = () => loadavg()[0]!

/** Resident memory of a process in bytes (Linux: /proc/<pid>/status, VmRSS). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

/** Resident memory in megabytes (10⁶ bytes would read 5 % higher: MiB, as `ps` and `top` show). */
export const rssMiB = (pid: number) => rssBytes(pid) / 1024 ** 2
