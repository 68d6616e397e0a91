import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { emailSchema, nameSchema } from '@/lib/auth/schemas'

import { type Language, LANGUAGES } from './config'
import { createI18n } from './instance'
import { fieldMessage } from './keys'
import { loadMessages } from './messages'
import type { Translator } from './translator'
import { zodIssueMessage, zodMessageKey } from './zod'

const instances = {} as Record<Language, Translator>
beforeAll(async () => {
  for (const { key } of LANGUAGES) instances[key] = createI18n(key, await loadMessages(key))
})

/** The first message zod gives for `value`, as stored (a key). */
function message(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value)
  if (result.success) throw new Error('expected a failure')
  return result.error.issues[0]!.message
}

/** Translated as a page would: with `t()` of any namespace. */
function translate(language: Language, key: string) {
  return fieldMessage(instances[language].getFixedT(language, 'auth'), key) ?? ''
}

const date = new Date(Date.UTC(2030, 0, 15, 12))

// Generic messages of docs/product.md#validation, with their English text.
const cases: Array<[string, z.ZodType, unknown, string]> = [
  ['required (missing field)', z.object({ title: z.string() }), {}, 'Required'],
  ['invalid input (wrong type)', z.string(), 42, 'Invalid input'],
  ['invalid input (custom refinement)', z.string().refine(() => false), 'x', 'Invalid input'],
  ['too small (string)', z.string().min(3), 'ab', 'Must contain at least 3 character(s)'],
  ['too small (exact length)', z.string().length(6), 'ab', 'Must contain exactly 6 character(s)'],
  ['too small (number)', z.number().min(1), 0, 'Must be greater than or equal to 1'],
  ['too small (number, exclusive)', z.number().positive(), 0, 'Must be greater than 0'],
  ['too small (array)', z.array(z.string()).min(2), ['a'], 'Must contain at least 2 item(s)'],
  ['too big (string)', z.string().max(3), 'abcd', 'Must contain at most 3 character(s)'],
  ['too big (number)', z.number().max(10), 11, 'Must be less than or equal to 10'],
  ['too big (number, exclusive)', z.number().lt(10), 10, 'Must be less than 10'],
  ['too big (array)', z.array(z.number()).max(1), [1, 2], 'Must contain at most 1 item(s)'],
  ['invalid string (email)', z.email(), 'nope', 'Invalid email'],
  ['invalid string (url)', z.url(), 'nope', 'Invalid URL'],
  ['invalid string (uuid)', z.uuid(), 'nope', 'Invalid UUID'],
  ['invalid string (regex)', z.string().regex(/^\d+$/), 'x', 'Invalid format'],
  ['invalid string (starts with)', z.string().startsWith('ISBN'), 'x', 'Must start with "ISBN"'],
  ['invalid string (ends with)', z.string().endsWith('.pdf'), 'x', 'Must end with ".pdf"'],
  ['invalid string (includes)', z.string().includes('@'), 'x', 'Must include "@"'],
  ['invalid string (iso datetime)', z.iso.datetime(), 'x', 'Invalid date and time'],
  ['enum', z.enum(['fiction', 'poetry (verse)']), 'x', 'Invalid option: expected one of fiction, poetry verse'],
  ['literal', z.literal('change-name'), 'x', 'Invalid option: expected one of change-name'],
  ['date (invalid)', z.date(), new Date('not a date'), 'Invalid date'],
  ['date (not a date)', z.date(), 'yesterday', 'Invalid date'],
  ['multiple of', z.number().multipleOf(5), 7, 'Must be a multiple of 5'],
  ['unrecognized keys', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }, 'Unrecognized key(s): b, c'],
]

describe('zod generic messages (z.config customError)', () => {
  it.each(cases)('%s', (_, schema, value, english) => {
    const key = message(schema, value)
    expect(key).toMatch(/^(ui:zod\.|\$t\(ui:zod\.)/)
    expect(translate('en', key)).toBe(english)
  })

  it('formats date bounds in the language of the page', () => {
    const min = message(z.date().min(date), new Date(Date.UTC(2020, 0, 1)))
    const max = message(z.date().max(date), new Date(Date.UTC(2040, 0, 1)))
    expect(translate('en', min)).toBe(`Date must be on or after ${new Intl.DateTimeFormat('en').format(date)}`)
    expect(translate('fr', max)).toBe(`La date doit être le ${new Intl.DateTimeFormat('fr').format(date)} ou avant`)
  })

  it('exists in every language: no key, English or nesting syntax is ever shown', () => {
    const keys = cases.map(([, schema, value]) => message(schema, value))
    keys.push(message(z.date().min(date), new Date(0)), message(z.date().max(date), new Date(Date.UTC(2040, 0, 1))))
    keys.push(
      message(z.date().check(z.gt(date)), date),
      message(z.date().check(z.lt(date)), date),
      message(z.array(z.string()).length(2), []),
    )
    keys.push(message(z.string().length(2), 'abc'), message(z.file().min(10), new File([], 'x')))
    for (const { key: language } of LANGUAGES) {
      const seen = new Set<string>()
      for (const key of keys) {
        const text = translate(language, key)
        expect(text, `${language}: ${key}`).not.toMatch(/zod\.|\$t\(|{{/)
        seen.add(text)
      }
      // Different messages stay different in every language.
      expect(seen.size, language).toBeGreaterThan(25)
    }
  })

  it('reads naturally in French, Arabic and Swahili', () => {
    const required = message(z.object({ a: z.string() }), {})
    const short = message(z.string().min(3), '')
    expect(['fr', 'ar', 'sw'].map((l) => translate(l as Language, required))).toEqual([
      'Requis',
      'مطلوب',
      'Inahitajika',
    ])
    expect(translate('fr', short)).toBe('Doit contenir au moins 3 caractère(s)')
    expect(translate('ar', short)).toBe('يجب أن يحتوي على 3 حرف على الأقل')
    expect(translate('sw', short)).toBe('Lazima iwe na angalau herufi 3')
  })

  it('leaves messages given by a schema alone (they win over the generic ones)', () => {
    expect(message(emailSchema, '')).toBe('auth:validation.emailRequired')
    expect(message(emailSchema, 'x')).toBe('auth:validation.emailInvalid')
    expect(message(nameSchema, '<b>')).toBe('auth:validation.nameInvalid')
    expect(message(z.string().min(2, 'custom.key'), '')).toBe('custom.key')
  })

  it('encodes values so that they cannot break out of the nesting expression', () => {
    expect(zodMessageKey('required')).toBe('ui:zod.required')
    expect(zodMessageKey('invalidEnum', { options: 'a), $t(x' })).toBe('$t(ui:zod.invalidEnum, {"options":"a, tx"})')
    expect(zodIssueMessage({ code: 'custom', input: 1, path: [] })).toBe('ui:zod.invalidInput')
  })
})
