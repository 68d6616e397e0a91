import { isBelow } from './api-prefixes.server'
import type { PipelineStep } from './pipeline.server'
import { refusal } from './refusal.server'

/** Deeper JSON than this is not something the app sends: 400 before a parser recurses into it. */
export const MAX_JSON_DEPTH = 32

/** Where a JSON body must be an object (better-auth reads fields of it; the RPC envelope is one). */
const OBJECT_BODIES = ['auth', 'rpc'] as const

class TooLarge extends Error {}

/**
 * A refused body is still read, and dropped, up to this many times the limit
 * (the socket then closes): a client that is still sending it gets the 413
 * instead of a broken pipe. Beyond it the connection is cut at once.
 */
const DRAINED_MULTIPLE = 4

/** Reads what is left of a refused body and drops it, up to `limit` bytes in all. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number, read = 0) {
  try {
    for (let size = read; size <= limit;) {
      const { done, value } = await reader.read()
      if (done) return
      size += value.byteLength
    }
    await reader.cancel()
  } catch {
    // A client that went away: nothing left to drain.
  }
}

/** The body, read up to `limit` bytes (chunked bodies included): TooLarge past it, after draining the rest. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await drain(reader, limit * DRAINED_MULTIPLE, size)
      throw new TooLarge()
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/** How deep the brackets of a JSON text go (strings skipped), without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth)
    else if (char === '}' || char === ']') depth--
  }
  return deepest
}

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\0')
  if (value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNul(item))
}

const isForm = (contentType: string | null) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '')

const isJson = (contentType: string | null) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType ?? '')

/** The routes that take a file (a picture): their own limit, and bytes of any value. */
export interface UploadRoutes {
  paths: RegExp[]
  maxBytes: number
}

/**
 * Body hygiene, for every request that carries one: over `maxBytes` → 413
 * (by its Content-Length, or while reading a chunked one); a NUL byte, invalid
 * UTF-8 or JSON, JSON nested deeper than MAX_JSON_DEPTH, or a JSON body that
 * is not an object where one is expected → 400. An upload route's body may
 * be up to `uploads.maxBytes` of any bytes (a picture holds NULs; the route
 * decides what it is). The body is read once here and handed on as bytes.
 */
export function bodyLimits(maxBytes: number, uploads: UploadRoutes = { paths: [], maxBytes }): PipelineStep {
  return async (request, next) => {
    if (request.method === 'GET' || request.method === 'HEAD') return next(request)
    const upload = uploads.paths.some((path) => path.test(new URL(request.url).pathname))
    const limit = upload ? uploads.maxBytes : maxBytes
    const tooLarge = () =>
      upload
        ? refusal(request, 'PICTURE_TOO_LARGE', { connection: 'close' }, { megabytes: megabytes(limit) })
        : refusal(request, 'PAYLOAD_TOO_LARGE', { connection: 'close' })
    const length = Number(request.headers.get('content-length') ?? 0)
    // Unread, the rest of the body would be taken for the next request on the connection: close it.
    if (length > limit) {
      if (length <= limit * DRAINED_MULTIPLE && request.body) await drain(request.body.getReader(), length)
      return tooLarge()
    }
    let body: Uint8Array<ArrayBuffer>
    try {
      body = await readBody(request, limit)
    } catch (error) {
      if (error instanceof TooLarge) return tooLarge()
      return refusal(request, 'BAD_REQUEST')
    }
    if (!upload && body.includes(0)) return refusal(request, 'BAD_REQUEST')
    const contentType = request.headers.get('content-type')
    if (body.byteLength > 0 && isJson(contentType) && checkJson(body, new URL(request.url).pathname)) {
      return refusal(request, 'BAD_REQUEST')
    }
    // A form's fields are percent-encoded: `%00` is a NUL once decoded (an OAuth form_post, say).
    if (
      isForm(contentType) &&
      [...new URLSearchParams(new TextDecoder().decode(body))].some(
        ([key, value]) => key.includes('\0') || value.includes('\0'),
      )
    ) {
      return refusal(request, 'BAD_REQUEST')
    }
    const headers = new Headers(request.headers)
    headers.delete('transfer-encoding')
    headers.set('content-length', String(body.byteLength))
    return next(
      new Request(request.url, {
        method: request.method,
        headers,
        body: body.byteLength > 0 ? body : undefined,
        signal: request.signal,
      }),
    )
  }
}

/** Bytes as megabytes for a message: 5242880 → "5", 1572864 → "1.5". */
const megabytes = (bytes: number) => String(Math.round((bytes / 1024 ** 2) * 10) / 10)

/** Why a JSON body is refused, if it is. */
function checkJson(body: Uint8Array, pathname: string): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body)
  } catch {
    return 'invalid UTF-8'
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) return 'too deep'
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'invalid JSON'
  }
  if (hasNul(value)) return 'NUL'
  const needsObject = OBJECT_BODIES.some((door) => isBelow(pathname, door))
  if (needsObject && (value === null || typeof value !== 'object' || Array.isArray(value))) return 'not an object'
  return undefined
}
