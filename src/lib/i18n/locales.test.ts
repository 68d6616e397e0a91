import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { AUTH_ERROR_CODES } from '@/lib/auth/auth-errors'

import { LANGUAGES, NAMESPACES } from './config'

/**
 * Every language says everything English says, with the same placeholders:
 * a missing key shows the raw key, a missing `{{name}}` loses the value.
 */
const LOCALES = path.resolve('src/locales')
const languages = LANGUAGES.map((language) => language.key)

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>()
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(k, v)
    }
  } else {
    entries.set(prefix, value)
  }
  return entries
}

function messages(language: string, namespace: string) {
  const file = path.join(LOCALES, language, `${namespace}.json`)
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')))
}

/**
 * Plural forms differ by language (Arabic has six, English two): a plural
 * message counts as one key, `results_one`/`results_other` → `results`.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
const baseKeys = (entries: Map<string, unknown>) =>
  [...new Set([...entries.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].sort()

const variables = (text: unknown) => [...String(text).matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]).sort()

describe('locale files', () => {
  it('exist for every language and namespace, and nothing else', () => {
    expect(fs.readdirSync(LOCALES).sort()).toEqual([...languages].sort())
    for (const language of languages) {
      const files = fs.readdirSync(path.join(LOCALES, language)).sort()
      expect(files, language).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort())
    }
  })

  for (const namespace of NAMESPACES) {
    const english = messages('en', namespace)

    for (const language of languages.filter((l) => l !== 'en')) {
      it(`${language}/${namespace} has the same keys as en/${namespace}`, () => {
        const other = messages(language, namespace)
        expect(baseKeys(other)).toEqual(baseKeys(english))
      })

      it(`${language}/${namespace} has the 'other' form of each plural message`, () => {
        const other = messages(language, namespace)
        for (const key of [...other.keys()].filter((k) => PLURAL_SUFFIX.test(k))) {
          expect(other.has(key.replace(PLURAL_SUFFIX, '_other')), `${language}/${namespace}:${key}`).toBe(true)
        }
      })

      it(`${language}/${namespace} keeps the placeholders of each English message`, () => {
        const other = messages(language, namespace)
        for (const [key, text] of english) {
          if (!other.has(key)) continue
          expect(variables(other.get(key)), `${language}/${namespace}:${key}`).toEqual(variables(text))
        }
      })
    }

    for (const language of languages) {
      it(`${language}/${namespace} has only non-empty strings`, () => {
        for (const [key, text] of messages(language, namespace)) {
          expect(typeof text, `${language}/${namespace}:${key}`).toBe('string')
          expect(String(text).trim(), `${language}/${namespace}:${key}`).not.toBe('')
        }
      })
    }
  }

  it('translates every auth error code the UI can show', () => {
    for (const language of languages) {
      const auth = messages(language, 'auth')
      for (const code of AUTH_ERROR_CODES) expect(auth.has(`errors.${code}`), `${language}: ${code}`).toBe(true)
    }
  })

  it('translates every message key of the form schemas', async () => {
    const { codeSchema, emailSchema, nameSchema } = await import('@/lib/auth/schemas')
    const keys = new Set<string>()
    const bad = { email: ['', 'x'], code: ['', 'abcdef', '1'], name: ['', '<'] }
    for (const value of bad.email) emailSchema.safeParse(value).error?.issues.forEach((i) => keys.add(i.message))
    for (const value of bad.code) codeSchema.safeParse(value).error?.issues.forEach((i) => keys.add(i.message))
    for (const value of bad.name) nameSchema.safeParse(value).error?.issues.forEach((i) => keys.add(i.message))
    expect(keys.size).toBeGreaterThanOrEqual(7)
    for (const language of languages) {
      const auth = messages(language, 'auth')
      for (const key of keys)
        expect(key.startsWith('auth:') && auth.has(key.slice('auth:'.length)), `${language}: ${key}`).toBe(true)
    }
  })
})
