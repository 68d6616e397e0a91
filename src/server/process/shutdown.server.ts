import { readFileSync, readlinkSync } from 'node:fs'
import type { Server, ServerResponse } from 'node:http'
import net from 'node:net'

import type { Logger } from 'pino'

import { logger as defaultLogger } from '../platform/logger.server'
import { processWide } from '../platform/process-wide.server'

// Set by nitro's entry bundle, read by the SSR bundle's health route.
const shared = processWide('draining', () => ({ draining: false }))

/** True from the first SIGTERM/SIGINT on: readiness answers 503. */
export function isDraining(): boolean {
  return shared.draining
}

export function startDraining() {
  shared.draining = true
}

export interface ShutdownOptions {
  /** The listening Node HTTP server. */
  http: Server
  /** Resolves once the server is closed (srvx's close, which also awaits `waitUntil` work). */
  close: () => Promise<void>
  /** Runs once the HTTP server is closed: nitro's `close` hooks (the database). */
  cleanup: () => Promise<void>
  /** How long in-flight requests get before their connections are cut. */
  timeoutMs: number
  /** How long the port stays open (and served) after readiness turned 503, for load balancers that poll it. */
  delayMs?: number
  log?: Logger
  exit?: (code: number) => never | void
  /** The signals that start it (tests call `shutdown` themselves). */
  signals?: NodeJS.Signals[]
}

const SIGNAL_EXIT_CODE: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 }

/**
 * Graceful shutdown of the production server. On the first signal:
 * readiness turns 503 at once (and, for `delayMs`, nothing else changes,
 * so that a load balancer polling it stops sending traffic); then, once the
 * connections the kernel had queued are accepted, the port closes; the requests in flight finish and every answer from then on
 * carries `Connection: close`, so keep-alive connections close as they go
 * idle; after `timeoutMs` the remaining connections are cut; then the
 * database closes and the process exits 0. A second signal exits at once.
 *
 * Idle keep-alive connections are not cut when the port closes (Node's
 * `server.close()` would): a proxy may be sending a request on one at that
 * very moment, and it could not retry a POST. They close at the client's
 * or the server's keep-alive timeout, whichever comes first (nginx: 4 s
 * in docs/deploy/nginx.conf, Node: 5 s).
 */
export function gracefulShutdown(options: ShutdownOptions) {
  const {
    http,
    close,
    cleanup,
    timeoutMs,
    delayMs = 0,
    log = defaultLogger,
    exit = (code: number) => process.exit(code),
    signals = ['SIGTERM', 'SIGINT'],
  } = options
  const inFlight = new Set<ServerResponse>()
  let portClosed = false

  http.on('request', (_request, response: ServerResponse) => {
    // A request arriving on a kept-alive connection after the port closed
    // is served, and its connection closed after the answer.
    if (portClosed) response.shouldKeepAlive = false
    inFlight.add(response)
    response.once('close', () => inFlight.delete(response))
  })

  let started = false
  async function shutdown(signal: NodeJS.Signals) {
    if (started) {
      log.warn({ signal }, 'second signal: exiting now')
      exit(SIGNAL_EXIT_CODE[signal] ?? 1)
      return
    }
    started = true
    startDraining()
    log.info({ signal, inFlight: inFlight.size, delayMs, timeoutMs }, 'shutting down: not ready')
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))

    // One budget for both phases: accepting what the kernel queued, then finishing what is in flight.
    const deadline = Date.now() + timeoutMs
    await acceptQueuedConnections(http, timeoutMs)
    portClosed = true
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false
    const timer = setTimeout(() => {
      log.warn({ inFlight: inFlight.size }, 'shutdown timeout: cutting the remaining connections')
      http.closeAllConnections()
    }, deadline - Date.now())
    try {
      // net's close, not http's: stop listening without cutting idle connections; resolves when all are closed.
      const closed = new Promise<void>((resolve, reject) =>
        net.Server.prototype.close.call(http, (error) => (error ? reject(error) : resolve())),
      )
      log.info({ inFlight: inFlight.size }, 'port closed: finishing requests in flight')
      await closed
      await close()
      log.info('HTTP server closed')
    } catch (error) {
      log.error({ err: error }, 'error while closing the HTTP server')
    } finally {
      clearTimeout(timer)
    }
    try {
      await cleanup()
    } catch (error) {
      log.error({ err: error }, 'error while closing')
    }
    log.info('stopped')
    exit(0)
  }

  for (const signal of signals) process.on(signal, () => void shutdown(signal))
  return { shutdown }
}

/** How long no new connection must arrive before the port closes, where the kernel's queue cannot be read. */
const ACCEPT_QUIET_MS = 50

/**
 * Lets the event loop accept the connections the kernel has queued before
 * the listening socket closes: closing it resets every connection still in
 * the accept queue, whose request the client has already sent. libuv
 * accepts one connection per loop turn, and a turn lasts as long as the
 * requests it serves, so under load a queue of fifty takes seconds to drain
 * and no pause of a fixed length can tell that it has.
 *
 * On Linux the kernel says how many are queued (the listening socket's
 * `rx_queue` in /proc/net/tcp{,6}): wait until none is, then return at once
 * so the caller closes the port in the same turn. Elsewhere, wait until no
 * connection arrived for ACCEPT_QUIET_MS. At most `maxMs` either way.
 */
async function acceptQueuedConnections(http: Server, maxMs: number) {
  const deadline = Date.now() + maxMs
  const queued = acceptQueueReader(http)
  if (queued) {
    while (queued() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
    return
  }
  let last = Date.now()
  const arrived = () => (last = Date.now())
  http.on('connection', arrived)
  try {
    while (Date.now() - last < ACCEPT_QUIET_MS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, ACCEPT_QUIET_MS / 5))
    }
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    http.off('connection', arrived)
  }
}

/**
 * A function that reads how many connections wait in the kernel's accept
 * queue of this listening socket (found by its inode), or undefined where
 * /proc cannot tell (not Linux, no file descriptor).
 */
export function acceptQueueReader(http: Server): (() => number) | undefined {
  const fd = (http as unknown as { _handle?: { fd?: number } })._handle?.fd
  if (fd === undefined || fd < 0) return undefined
  let inode: string
  try {
    inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1] ?? ''
  } catch {
    return undefined
  }
  const read = () => {
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text: string
      try {
        text = readFileSync(table, 'utf8')
      } catch {
        continue
      }
      for (const line of text.split('\n')) {
        // sl local rem st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …
        const fields = line.trim().split(/\s+/)
        if (fields[9] === inode) return Number.parseInt(fields[4]!.split(':')[1]!, 16)
      }
    }
    return undefined
  }
  return inode && read() !== undefined ? () => read() ?? 0 : undefined
}

/** For tests: a fresh process state. */
export function resetDrainingForTests() {
  shared.draining = false
}
