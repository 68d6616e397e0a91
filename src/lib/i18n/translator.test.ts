import i18next from 'i18next'
import { describe, expect, it } from 'vitest'

import { DEFAULT_LANGUAGE, type Language, LANGUAGES, NAMESPACES } from './config'
import { loadMessages, type Messages } from './messages'
import { Translator } from './translator'

type Translate = (key: string, options?: object) => string

/** The translator's `t` without its key types: the test passes keys read from the files. */
const untyped = (t: unknown) => t as Translate
import { zodMessageKey } from './zod'

/**
 * The translator gives i18next's own output (decision 022) for every message
 * of every locale, with every plural count and value kind the messages use,
 * so that nothing a user reads changed when i18next left the bundle.
 */

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const COUNTS = [0, 1, 2, 3, 5, 11, 100, 101, 1.5, 1_000_000]

/** i18next as the app configured it before decision 022 (the reference). */
function reference(language: Language, messages: Messages) {
  const instance = i18next.createInstance()
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [language]: messages },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  return instance
}

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]]
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
}

/** Sample values for each `{{variable, format}}` of a message. */
function values(messages: string[]): Record<string, unknown> {
  const sample: Record<string, unknown> = {}
  const formatParams: Record<string, Record<string, unknown>> = {}
  for (const message of messages) {
    for (const [, expression = ''] of message.matchAll(/\{\{(.+?)\}\}/g)) {
      const [name = '', format] = expression.split(',').map((part) => part.trim())
      if (format === 'number') sample[name] = 1234567.5
      else if (format === 'datetime') sample[name] = Date.UTC(2026, 0, 15, 9, 30)
      else if (format === 'relativetime') {
        sample[name] = 12
        formatParams[name] = { range: 'minute' }
      } else sample[name] = `<${name}>`
    }
  }
  return { ...sample, formatParams }
}

describe.each(LANGUAGES.map((language) => language.key))('the translator in %s', (language) => {
  it('gives i18next’s output for every key, count and value', async () => {
    const messages = await loadMessages(language)
    const expected = reference(language, messages)
    const actual = untyped(new Translator(language, messages).t)
    let compared = 0
    for (const namespace of Object.keys(messages)) {
      const byBase = new Map<string, string[]>()
      for (const [key, message] of leaves(messages[namespace])) {
        const base = key.replace(PLURAL_SUFFIX, '')
        byBase.set(base, [...(byBase.get(base) ?? []), message])
      }
      for (const [base, texts] of byBase) {
        const key = `${namespace}:${base}`
        const sample = values(texts)
        const calls: Array<Record<string, unknown> | undefined> = [undefined, sample]
        if (texts.length > 1 || texts.some((text) => text.includes('{{count'))) {
          calls.push(...COUNTS.map((count) => ({ ...sample, count })))
        }
        for (const options of calls) {
          expect(actual(key, options), `${key} ${JSON.stringify(options)}`).toBe(expected.t(key, options as never))
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(300)
  })

  it('resolves zod’s nested messages, missing keys and namespaces as i18next does', async () => {
    const messages = await loadMessages(language)
    const expected = reference(language, messages)
    const actual = new Translator(language, messages)
    const keys = [
      zodMessageKey('required'),
      zodMessageKey('tooSmall.string', { minimum: 3 }),
      zodMessageKey('tooBig.string', { maximum: 200 }),
      zodMessageKey('tooSmall.date', { minimum: Date.UTC(2026, 0, 1) }),
      'book:no.such.key',
      'no.such.key',
    ]
    for (const key of keys) expect(untyped(actual.t)(key), key).toBe(expected.t(key as never))
    for (const namespaces of [['book', 'shell'], ['ui', 'common'], 'user'] as const) {
      const fixedActual = untyped(actual.getFixedT(null, namespaces))
      const fixedExpected = expected.getFixedT(null, namespaces as never)
      for (const [namespace] of Object.entries(messages)) {
        for (const [key] of leaves(messages[namespace]).slice(0, 20)) {
          expect(fixedActual(key), `${namespaces} ${key}`).toBe(fixedExpected(key as never))
        }
      }
    }
  })
})
