/**
 * The REST answers' JSON without oRPC's copy of it. oRPC's OpenAPI handler
 * hands every procedure's output (after its output schema) to its JSON
 * serializer, which copies the whole value to turn Dates, Sets, Maps, bigints
 * and Blobs into what JSON carries, allocating a `[value, hasBlob]` pair for
 * every field of every item: a tenth of the bytes the book list API allocated
 * per request (docs/decisions/047-api-request-cost.md). The procedures answer
 * plain JSON already (strings, numbers, booleans, null, plain objects and
 * arrays), for which that copy is the value itself: such a value is handed on
 * as it is (checked at every answer, without allocating); anything else still
 * goes through oRPC's serializer.
 *
 * What it relies on: the handler's serializer at
 * `standardHandler.codec.serializer.jsonSerializer` with a
 * `serialize(data, hasBlobRef) → [json, hasBlob]` method (oRPC 1.x), read
 * only here and pinned by `plain-json.server.test.ts`; without that shape
 * nothing is installed and oRPC serializes as before.
 */

type Serialize = (data: unknown, hasBlobRef?: { value: boolean }) => [unknown, boolean]

/** A plain object: what oRPC's serializer copies key by key (its `isObject`). */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as { constructor?: unknown } | null
  return proto === Object.prototype || !proto || !proto.constructor
}

/**
 * Whether oRPC's serializer would give back an equal value: only strings,
 * booleans, numbers, null, undefined, and plain objects and arrays of them,
 * with no key `toJSON` (which it drops when it is a function). A number that
 * JSON cannot carry (NaN, ±Infinity) becomes null either way once stringified
 * (NaN by the serializer, the others by `JSON.stringify`), and so does
 * `undefined` in an array; an object's `undefined` is left out by both.
 * `depth` bounds the walk: a deeper value is left to oRPC.
 */
export function isPlainJson(value: unknown, depth = 0): boolean {
  if (value === null) return true
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
    case 'undefined':
      return true
    case 'object':
      break
    default:
      return false
  }
  if (depth > 32) return false
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!isPlainJson(value[index], depth + 1)) return false
    return true
  }
  if (!isPlainObject(value)) return false
  for (const key in value) {
    if (key === 'toJSON' || !isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false
  }
  return true
}

interface WithJsonSerializer {
  standardHandler?: { codec?: { serializer?: { jsonSerializer?: { serialize?: Serialize } } } }
}

/**
 * Installs the check on an oRPC OpenAPI fetch handler (`new OpenAPIHandler(…)`):
 * plain JSON is handed on as it is, the rest to oRPC's serializer. Answers
 * whether it found the serializer (false: an oRPC whose shape changed; nothing
 * is installed).
 */
export function plainJsonAnswers(handler: object): boolean {
  const jsonSerializer = (handler as WithJsonSerializer).standardHandler?.codec?.serializer?.jsonSerializer
  const serialize = jsonSerializer?.serialize
  if (!jsonSerializer || typeof serialize !== 'function') return false
  const original = serialize.bind(jsonSerializer)
  jsonSerializer.serialize = (data, hasBlobRef = { value: false }) =>
    isPlainJson(data) ? [data, hasBlobRef.value] : original(data, hasBlobRef)
  return true
}
