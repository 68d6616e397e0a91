import type { Server, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { logger as defaultLogger } from './logger.server'

// On globalThis: the build holds two copies of this module (nitro's entry
// bundle, which sets it, and the SSR bundle, whose health route reads it).
const DRAINING = Symbol.for('start-books.draining')
const shared = globalThis as { [DRAINING]?: boolean }

/** True from the first SIGTERM/SIGINT on: readiness answers 503. */
export function isDraining(): boolean {
  return shared[DRAINING] === true
}

export interface ShutdownOptions {
  /** The listening Node HTTP server. */
  http: Server
  /** Stops accepting and resolves once every connection is closed (srvx's close, which also awaits `waitUntil` work). */
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
 * readiness turns 503 at once; the port closes (no new connections; after
 * `delayMs` when a load balancer needs time to see the 503); the
 * requests in flight finish, their keep-alive connections closing as they
 * go idle; after `timeoutMs` the remaining connections are cut; then the
 * database closes and the process exits 0. A second signal exits at once.
 */
export function gracefulShutdown(options: ShutdownOptions) {
  const { http, close, cleanup, timeoutMs, delayMs = 0, log = defaultLogger, exit = (code: number) => process.exit(code), signals = ['SIGTERM', 'SIGINT'] } = options
  const inFlight = new Set<ServerResponse>()

  http.on('request', (_request, response: ServerResponse) => {
    // A request arriving on an open keep-alive connection while draining is
    // served, and its connection closed after the answer.
    if (isDraining()) response.shouldKeepAlive = false
    inFlight.add(response)
    response.once('close', () => {
      inFlight.delete(response)
      // A response whose headers went out before the signal kept its
      // connection open: close it once idle (not before the port is closed:
      // until then the proxy may reuse it, and gets `Connection: close`).
      if (portClosing) setImmediate(() => http.closeIdleConnections())
    })
  })

  let started = false
  let portClosing = false
  async function shutdown(signal: NodeJS.Signals) {
    if (started) {
      log.warn({ signal }, 'second signal: exiting now')
      exit(SIGNAL_EXIT_CODE[signal] ?? 1)
      return
    }
    started = true
    shared[DRAINING] = true
    log.info({ signal, inFlight: inFlight.size, delayMs, timeoutMs }, 'shutting down: not ready, closing the port, finishing requests in flight')
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))

    const timer = setTimeout(() => {
      log.warn({ inFlight: inFlight.size }, 'shutdown timeout: cutting the remaining connections')
      http.closeAllConnections()
    }, timeoutMs)
    portClosing = true
    try {
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

/** For tests: a fresh process state. */
export function resetDrainingForTests() {
  shared[DRAINING] = false
}
