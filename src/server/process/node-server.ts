/**
 * The production server's entry (nitro `entry`, set in vite.config.ts for
 * builds): nitro's own node-server entry, minus what the app does not use
 * (websockets, tasks, TLS), with srvx's built-in shutdown off so that this
 * file owns it: readiness, draining, a timeout from SHUTDOWN_TIMEOUT, the
 * database closed last (nitro `close` hook) and a JSON log throughout.
 * See docs/decisions/013-operations.md.
 */
// @ts-expect-error nitro's virtual module (resolved by its bundler only)
import '#nitro/virtual/polyfills'

import { useNitroApp as nitroApplication, useNitroHooks as nitroHooks } from 'nitro/app'
import { serve } from 'srvx/node'

import { env } from '../../lib/env.server'
import { isClientAbort, logger } from '../platform/logger.server'
import { gracefulShutdown } from './shutdown.server'

// A log reader that went away (EPIPE) must not turn every later write into
// an uncaught exception whose report is written to the same closed pipe.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})

// Runs the runtime plugins: src/server/process/nitro-startup.ts validates the
// environment and opens the database.
const nitroApp = nitroApplication()

const server = serve({
  port: env().PORT,
  hostname: process.env.NITRO_HOST || process.env.HOST,
  fetch: nitroApp.fetch,
  gracefulShutdown: false,
  silent: true,
})

server.ready().then(
  () => logger.info({ url: server.url }, 'listening'),
  (error: Error) => {
    logger.fatal({ err: error }, 'the server could not listen')
    process.exit(1)
  },
)

gracefulShutdown({
  http: server.node!.server as import('node:http').Server,
  close: () => server.close(),
  cleanup: async () => {
    await nitroHooks().callHook('close')
  },
  timeoutMs: env().SHUTDOWN_TIMEOUT * 1000,
  delayMs: env().SHUTDOWN_DELAY * 1000,
})

process.on('unhandledRejection', (error) => report(error, 'unhandledRejection'))
process.on('uncaughtException', (error) => report(error, 'uncaughtException'))

function report(error: unknown, type: string) {
  // A client closing its connection mid-answer is not a failure of the server.
  if (isClientAbort(error)) return
  logger.error({ err: error, type }, 'unhandled error')
  nitroApp.captureError?.(error as Error, { tags: [type] })
}
