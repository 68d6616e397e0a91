import { z } from 'zod'

/**
 * Zod's generic messages as i18n keys of the `ui` namespace (docs/product.md#validation:
 * 'Required', 'Invalid input', too small, too big, invalid string, enum,
 * date), so that a schema shared by the browser and the server never yields
 * English text: the page translates the message with its `t()`, whatever its
 * namespace.
 *
 * A message without values is a plain key (`ui:zod.required`). One with
 * values is an i18next nesting expression that carries them,
 * `$t(ui:zod.tooSmall.string, {"minimum":3})`, which `t()` resolves as it is.
 * A message given in the schema (`.min(1, 'validation.nameRequired')`) wins
 * over these, as zod 4 gives per-schema messages precedence over the global
 * error map.
 */
type Issue = z.core.$ZodRawIssue
type Values = Record<string, string | number>

const UI = 'ui:zod.'

export function zodMessageKey(key: string, values?: Values): string {
  if (!values) return `${UI}${key}`
  // The values travel inside `$t(…)`: keep them free of what would end it.
  const safe = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.replace(/[()$]/g, '') : value,
    ]),
  )
  return `$t(${UI}${key}, ${JSON.stringify(safe)})`
}

/** A number, bigint or date bound as a value i18next can interpolate (dates as epoch ms for `{{x, datetime}}`). */
function bound(value: unknown): number | string {
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'bigint') return value.toString()
  return Number(value)
}

function sizeKey(origin: string, exact: boolean | undefined, inclusive: boolean | undefined) {
  switch (origin) {
    case 'string':
      return exact ? 'stringExact' : 'string'
    case 'array':
    case 'set':
      return exact ? 'arrayExact' : 'array'
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive === false ? 'numberExclusive' : 'number'
    case 'date':
      return inclusive === false ? 'dateExclusive' : 'date'
    default:
      return 'other'
  }
}

const STRING_FORMATS: Record<string, string> = {
  email: 'email',
  url: 'url',
  uuid: 'uuid',
  uuidv4: 'uuid',
  uuidv6: 'uuid',
  uuidv7: 'uuid',
  guid: 'uuid',
  regex: 'regex',
  datetime: 'datetime',
  date: 'date',
  time: 'time',
}

/** The message key of an issue (see above). */
export function zodIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.expected === 'nonoptional') return zodMessageKey('required')
      if (issue.expected === 'date') return zodMessageKey('invalidDate')
      return zodMessageKey('invalidInput')
    case 'too_small': {
      const key = sizeKey(issue.origin, issue.exact, issue.inclusive)
      return zodMessageKey(`tooSmall.${key}`, key === 'other' ? undefined : { minimum: bound(issue.minimum) })
    }
    case 'too_big': {
      const key = sizeKey(issue.origin, issue.exact, issue.inclusive)
      return zodMessageKey(`tooBig.${key}`, key === 'other' ? undefined : { maximum: bound(issue.maximum) })
    }
    case 'invalid_format':
      if (issue.format === 'starts_with')
        return zodMessageKey('invalidString.startsWith', { prefix: String(issue.prefix) })
      if (issue.format === 'ends_with') return zodMessageKey('invalidString.endsWith', { suffix: String(issue.suffix) })
      if (issue.format === 'includes')
        return zodMessageKey('invalidString.includes', { includes: String(issue.includes) })
      return zodMessageKey(`invalidString.${STRING_FORMATS[issue.format] ?? 'other'}`)
    case 'invalid_value':
      return zodMessageKey('invalidEnum', { options: issue.values.map(String).join(', ') })
    case 'not_multiple_of':
      return zodMessageKey('notMultipleOf', { divisor: bound(issue.divisor) })
    case 'unrecognized_keys':
      return zodMessageKey('unrecognizedKeys', { keys: issue.keys.join(', ') })
    default:
      return zodMessageKey('invalidInput')
  }
}

let configured = false

/** Installs the error map once (idempotent), when this module is first imported. */
function configureZodMessages() {
  if (configured) return
  configured = true
  // In the browser, no compiled validators: zod probes `new Function`, which the pages' CSP forbids (a violation report).
  z.config({ customError: zodIssueMessage, jitless: typeof window !== 'undefined' })
}

configureZodMessages()

/**
 * zod with these messages installed: modules that declare schemas import `z`
 * from here (not from 'zod'), so that zod is loaded, and configured, with the
 * first schema a page needs, not by every page (the login page has none).
 */
export { z }
