/** The interface languages (docs/product.md#data): key, direction, font scale. */
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
export const NAMESPACES = [
  'common',
  'auth',
  'emails',
  'shell',
  'ui',
  'demo',
  'book',
  'user',
  'account',
  'dashboard',
  'jobs',
] as const
/** What the browser needs: the e-mail texts are only read by the server. */
export type Namespace = (typeof NAMESPACES)[number]

export const BROWSER_NAMESPACES = NAMESPACES.filter((namespace) => namespace !== 'emails')

/** The cookie the language detector reads and writes (docs/product.md#constants). */
export const LANGUAGE_COOKIE = 'i18next'
export const LANGUAGE_COOKIE_MINUTES = 43200
/** Where the browser caches the choice besides the cookie (the detector's default key). */
const LANGUAGE_STORAGE_KEY = 'i18nextLng'

/**
 * Browser detection (docs/product.md#constants), as i18next-browser-languagedetector
 * options: query `lng`, cookie, local storage, session storage, browser
 * language, then `<html lang>`; the result is cached in local storage and in
 * the cookie, so the server renders the next page in it (no flash of English).
 */
export const LANGUAGE_DETECTION = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: LANGUAGE_COOKIE,
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  lookupSessionStorage: LANGUAGE_STORAGE_KEY,
  caches: ['localStorage', 'cookie'],
  cookieMinutes: LANGUAGE_COOKIE_MINUTES,
  cookieOptions: { path: '/', sameSite: 'lax' as const },
}

/**
 * Translation loading (docs/product.md#constants; i18next's backend defaults): at most
 * 10 files read in parallel, a failed read retried up to 5 times, after
 * 350 ms, then 700, 1400… (the delay doubles each time).
 */
export const TRANSLATION_LOADING = { maxParallelReads: 10, maxRetries: 5, retryDelayMs: 350 } as const

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.key === value)
}

function languageConfig(key: Language) {
  return LANGUAGES.find((language) => language.key === key) ?? LANGUAGES[0]
}

export function languageDir(key: Language): 'ltr' | 'rtl' {
  const config = languageConfig(key)
  return 'dir' in config ? config.dir : 'ltr'
}

/** The root font scale of a language (Arabic 1.2, the others 1). */
export function languageFontScale(key: Language): number {
  const config = languageConfig(key)
  return 'fontScale' in config ? config.fontScale : 1
}

/** A supported language for a detected code (`fr-CA` → `fr`), or undefined. */
export function toLanguage(code: string | null | undefined): Language | undefined {
  const base = code?.trim().split(/[-_]/)[0]?.toLowerCase()
  return isLanguage(base) ? base : undefined
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
