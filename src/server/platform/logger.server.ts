import pino from 'pino'

import { currentScope } from './request-scope.server'

/**
 * The process's logger: one JSON object per line on stdout.
 *
 * - Every line written while a request is handled carries its `requestId`
 *   (the request-log step runs the request inside `requestScope`).
 * - Every value is bounded (strings, arrays, objects, depth), so a 1 MB field
 *   makes a short line; keys that hold secrets are redacted whatever the depth.
 * - Errors are logged by class, code and a short message: a failed query
 *   keeps its SQL text but never its parameters.
 * - A closed stdout (EPIPE) silences the logger instead of throwing.
 */

export const MAX_STRING = 500
const MAX_ITEMS = 20
const MAX_KEYS = 30
const MAX_DEPTH = 4

const SECRET_KEY = /pass(word)?|secret|token|cookie|authorization|api[-_]?key|otp|^code$|params|^headers$/i

export function truncate(text: string, max = MAX_STRING): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more]`
}

/** A copy of `value` small enough for one log line, secrets redacted. */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return truncate(value)
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value
  if (value instanceof Error) return serializeError(value, depth)
  if (value instanceof Date) return value.toISOString()
  if (depth >= MAX_DEPTH) return '[object]'
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => bounded(item, depth + 1))
    return value.length > MAX_ITEMS ? [...items, `…[${value.length - MAX_ITEMS} more]`] : items
  }
  const out: Record<string, unknown> = {}
  let count = 0
  for (const [key, item] of Object.entries(value)) {
    if (count++ >= MAX_KEYS) {
      out['…'] = 'more keys'
      break
    }
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : bounded(item, depth + 1)
  }
  return out
}

/**
 * An error as an operator needs it: class, code, a short message, the first
 * lines of the stack and its cause. A drizzle "Failed query" message ends
 * with the query's parameters (user input, codes, e-mails): they are cut.
 */
function serializeError(error: Error, depth = 0): Record<string, unknown> {
  const { code, status } = error as { code?: unknown; status?: unknown }
  const message = error.message.split('\nparams:')[0] ?? ''
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: truncate(message, 300),
  }
  if (typeof code === 'string' || typeof code === 'number') out.code = truncate(String(code), 40)
  if (typeof status === 'number') out.status = status
  // The frames only: the stack's first lines repeat the message (and its parameters).
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line))
  if (frames?.length)
    out.stack = truncate(
      frames
        .slice(0, 5)
        .map((line) => line.trim())
        .join('\n'),
      1000,
    )
  if (error.cause instanceof Error && depth < 2) out.cause = serializeError(error.cause, depth + 1)
  return out
}

/** Errors of a client that went away: an expected event, not a failure with a stack. */
export function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return (
    error.name === 'AbortError' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    error.message === 'aborted'
  )
}

function defaultLevel() {
  return process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info')
}

/** A logger writing to `destination` (stdout by default): tests pass their own stream. */
export function createLogger(destination?: pino.DestinationStream, level = defaultLevel()) {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const scope = currentScope()
        if (!scope) return {}
        return scope.traceId ? { requestId: scope.requestId, traceId: scope.traceId } : { requestId: scope.requestId }
      },
      // Errors are already reduced by `bounded` (pino's own serializer would re-read them).
      serializers: { err: (value: unknown) => value },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? truncate(arg) : arg)) as Parameters<typeof method>,
          )
        },
      },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => bounded(object, -1) as Record<string, unknown>,
      },
    },
    destination ?? safeStdout(),
  )
}

/**
 * stdout through pino's own writer; a write error (EPIPE: the log reader is
 * gone) is dropped once and for all, never thrown back into the process.
 */
function safeStdout(): pino.DestinationStream {
  const stream = pino.destination({ fd: 1, sync: true })
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') stream.write = () => true
  })
  return stream
}

export const logger = createLogger()
