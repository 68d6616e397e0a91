/** The interface languages (spec section 3): key, direction, font scale. */
export const LANGUAGES = [
  { key: 'en', label: 'English' },
  { key: 'fr', label: 'Français' },
  { key: 'ar', label: 'العربية', dir: 'rtl', fontScale: 1.2 },
  { key: 'sw', label: 'Kiswahili' },
] as const satisfies ReadonlyArray<{
  key: string
  label: string
  dir?: 'ltr' | 'rtl'
  fontScale?: number
}>

export type Language = (typeof LANGUAGES)[number]['key']
export const DEFAULT_LANGUAGE: Language = 'en'
export const NAMESPACES = ['common', 'auth', 'emails', 'shell', 'ui', 'demo'] as const
export type Namespace = (typeof NAMESPACES)[number]

/** The cookie the language detector reads and writes (spec section 9). */
export const LANGUAGE_COOKIE = 'i18next'
export const LANGUAGE_COOKIE_MINUTES = 43200

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.key === value)
}

export function languageConfig(key: Language) {
  return LANGUAGES.find((language) => language.key === key) ?? LANGUAGES[0]
}

export function languageDir(key: Language): 'ltr' | 'rtl' {
  const config = languageConfig(key)
  return 'dir' in config ? config.dir : 'ltr'
}

/** First supported language of an Accept-Language header, by quality. */
export function fromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { base: tag.split('-')[0]!.toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.base)
    .find(isLanguage)
}
