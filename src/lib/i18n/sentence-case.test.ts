import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/** Failure messages (toasts) are sentences: a capital first letter in every language that has one. */
const LOCALES = path.resolve('src/locales')

function entries(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (!value || typeof value !== 'object') return [[prefix, value]]
  return Object.entries(value).flatMap(([key, child]) => entries(child, prefix ? `${prefix}.${key}` : key))
}

describe.each(['en', 'fr', 'sw'])('%s failure messages', (language) => {
  it('start with a capital letter', () => {
    const lowercase = fs.readdirSync(path.join(LOCALES, language)).flatMap((file) =>
      entries(JSON.parse(fs.readFileSync(path.join(LOCALES, language, file), 'utf8')))
        .filter(([key, text]) => /(^|\.)\w*[fF]ailed$/.test(key) && typeof text === 'string' && /^\p{Ll}/u.test(text))
        .map(([key]) => `${file}:${key}`),
    )
    expect(lowercase).toEqual([])
  })
})
