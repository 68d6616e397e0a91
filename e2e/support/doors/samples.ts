// A well-formed value for a JSON Schema: what a route's input looks like when the
// caller means it. The door walks send these (with ids chosen by the test) so that
// an answer says whether the caller was let in, not that the input was wrong.
import type { JsonSchema } from './derive'

export interface SampleOptions {
  /** A value for a property by its name (ids, e-mail addresses, roles), optional or not; undefined: generate one if required. */
  field?: (name: string) => unknown
  /** Include optional properties too. */
  optional?: boolean
}

const FUTURE = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString()

function stringFor(schema: JsonSchema, name: string): string {
  const format = schema.format as string | undefined
  if (format === 'email' || /email/i.test(name)) return `doors-${Math.random().toString(36).slice(2, 10)}@example.com`
  if (format === 'date-time') return FUTURE
  if (format === 'uri' || format === 'url' || /url$/i.test(name)) return '/'
  if (format === 'uuid') return '00000000-0000-4000-8000-000000000000'
  const min = (schema.minLength as number | undefined) ?? 1
  return 'doors'
    .padEnd(Math.max(min, 5), 'x')
    .slice(0, Math.max(min, Math.min(5, (schema.maxLength as number | undefined) ?? 5)))
}

export function sample(schema: JsonSchema | undefined, options: SampleOptions = {}, name = ''): unknown {
  if (!schema) return undefined
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? schema.enum[0]
  if ('default' in schema && schema.default !== undefined && !options.optional) return schema.default
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (alternatives) return sample(alternatives.find((alt) => alt.type !== 'null') ?? alternatives[0], options, name)
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0] as JsonSchema, options, name)
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : (schema.type as string | undefined)
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((schema.required as string[] | undefined) ?? [])
      const value: Record<string, unknown> = {}
      for (const [key, property] of Object.entries(properties)) {
        const chosen = options.field?.(key)
        if (chosen !== undefined) value[key] = chosen
        else if (required.has(key) || options.optional) value[key] = sample(property, options, key)
      }
      return value
    }
    case 'array': {
      const min = (schema.minItems as number | undefined) ?? 0
      return Array.from({ length: min }, () => sample(schema.items as JsonSchema, options, name))
    }
    case 'string':
      return stringFor(schema, name)
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? ((schema.exclusiveMinimum as number | undefined) ?? 0) + 1
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      return options.field?.(name) ?? 'doors'
  }
}

/** The properties of an object schema (query parameters), as strings. */
export function sampleQuery(schema: JsonSchema | undefined, options: SampleOptions = {}): URLSearchParams {
  const params = new URLSearchParams()
  const value = sample(schema, options)
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && item !== null)
        params.set(key, typeof item === 'object' ? JSON.stringify(item) : String(item))
    }
  }
  return params
}
