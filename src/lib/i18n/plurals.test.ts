import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { LANGUAGES } from './config'
import { createI18n } from './instance'
import { loadMessages } from './messages'

/**
 * Every plural message has every form its language's plural rules use
 * (Intl.PluralRules: French `many`, Arabic zero…other): a missing form shows
 * the raw key for the counts that need it (1,000,000 in French).
 */
const LOCALES = path.resolve('src/locales')
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
}

function messageKeys(language: string): string[] {
  return fs
    .readdirSync(path.join(LOCALES, language))
    .flatMap((file) =>
      keys(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8'))).map(
        (key) => `${file.replace('.json', '')}:${key}`,
      ),
    )
}

const pluralBases = [
  ...new Set(
    LANGUAGES.flatMap(({ key }) => messageKeys(key))
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, '')),
  ),
]

describe('plural forms', () => {
  it('there are plural messages to check', () => {
    expect(pluralBases).toContain('ui:list.results')
  })

  it.each(LANGUAGES.map(({ key }) => key))('%s has every plural category its locale uses', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
    const present = new Set(messageKeys(language))
    const missing = pluralBases
      .flatMap((base) => categories.map((category) => `${base}_${category}`))
      .filter((key) => !present.has(key))
    expect(missing).toEqual([])
  })

  it.each([
    ['fr', 1_000_000, '1\u202f000\u202f000 de résultats pour « x »'],
    ['fr', 2, '2 résultats pour « x »'],
    ['ar', 3, '3 نتائج لـ «x»'],
    ['en', 1, '1 result for “x”'],
  ] as const)('%s, %d: a real sentence', async (language, count, expected) => {
    const i18n = createI18n(language, await loadMessages(language, { namespaces: ['ui'] }))
    expect(i18n.t('list.results', { ns: 'ui', count, term: 'x' })).toBe(expected)
  })
})
