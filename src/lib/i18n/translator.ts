import type { TFunction } from 'i18next'

import { DEFAULT_LANGUAGE, languageDir, type Namespace } from './config'

/**
 * The app's translator: what it uses of i18next's runtime, with i18next's
 * results (decision 022), in ~2 KB instead of i18next's 14 KB + react-i18next's
 * 4 KB on every page. Message format as i18next's: `ns:key` (`:` then `.`
 * separators), plurals by `_zero` (count 0) then the language's plural
 * category (`_one`, `_few`…), `{{name}}` and `{{name, number|datetime|relativetime}}`
 * (options from `formatParams`), `$t(key, {json})` nesting, a missing
 * variable left as written, a missing key returned as the key, values not
 * escaped (React escapes). `translator.test.ts` checks every key of every
 * locale against i18next itself.
 */

export type TranslationOptions = Record<string, unknown> & {
  count?: number
  ns?: string | readonly string[]
  lng?: string
  formatParams?: Record<string, Record<string, unknown>>
}

type Bundle = Record<string, unknown>
type Listener = (language: string) => void

const INTERPOLATION = /\{\{(.+?)\}\}/g
const NESTING = /\$t\((.+?)\)/g

export interface TranslatorOptions {
  /** Namespaces an unprefixed key is looked up in, in order. */
  defaultNamespaces?: readonly string[]
  fallbackLanguage?: string
}

export class Translator {
  language: string
  private readonly resources = new Map<string, Map<string, Bundle>>()
  private readonly listeners = new Set<Listener>()
  private readonly defaultNamespaces: readonly string[]
  private readonly fallbackLanguage: string
  private readonly formats = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>()

  constructor(language: string, messages: Record<string, Bundle>, options: TranslatorOptions = {}) {
    this.language = language
    this.defaultNamespaces = options.defaultNamespaces ?? ['common']
    this.fallbackLanguage = options.fallbackLanguage ?? DEFAULT_LANGUAGE
    for (const [namespace, bundle] of Object.entries(messages)) this.addResourceBundle(language, namespace, bundle)
  }

  /** i18next's `t`, bound to the default namespaces; typed by i18next's types (keys checked, see i18next.d.ts). */
  readonly t: TFunction<Namespace[]> = this.getFixedT(null)

  /** A `t` for a language (null: the current one) and namespaces. */
  getFixedT<N extends Namespace | readonly Namespace[] = Namespace[]>(
    language: string | null,
    namespaces?: N,
  ): TFunction<N extends readonly Namespace[] ? N : [N]> {
    const t = (key: string, options?: TranslationOptions): string =>
      this.translate(key, {
        ...(language ? { lng: language } : {}),
        ...(namespaces ? { ns: namespaces } : {}),
        ...options,
      })
    return t as unknown as TFunction<N extends readonly Namespace[] ? N : [N]>
  }

  addResourceBundle(language: string, namespace: string, bundle: Bundle) {
    const bundles = this.resources.get(language) ?? new Map<string, Bundle>()
    bundles.set(namespace, { ...bundles.get(namespace), ...bundle })
    this.resources.set(language, bundles)
  }

  hasResourceBundle(language: string, namespace: string) {
    return this.resources.get(language)?.has(namespace) ?? false
  }

  exists(key: string, options: TranslationOptions = {}) {
    return this.lookup(key, options) !== undefined
  }

  async changeLanguage(language: string) {
    this.language = language
    for (const listener of this.listeners) listener(language)
  }

  on(_event: 'languageChanged', listener: Listener) {
    this.listeners.add(listener)
  }

  off(_event: 'languageChanged', listener: Listener) {
    this.listeners.delete(listener)
  }

  dir(language = this.language) {
    return languageDir(language as Parameters<typeof languageDir>[0])
  }

  private translate(key: string, options: TranslationOptions): string {
    const found = this.lookup(key, options)
    const language = options.lng ?? this.language
    const text = found?.value ?? found?.key ?? this.split(key, options).key
    return this.nest(this.interpolate(text, options, language), options)
  }

  /** The key without its namespace, and the namespaces to look it up in. */
  private split(key: string, options: TranslationOptions) {
    const namespaces = options.ns === undefined ? this.defaultNamespaces : [options.ns].flat()
    if (key.match(NESTING)) return { key, namespaces }
    const colon = key.indexOf(':')
    if (colon < 0) return { key, namespaces }
    return { key: key.slice(colon + 1), namespaces: [key.slice(0, colon)] }
  }

  private lookup(fullKey: string, options: TranslationOptions): { value: string; key: string } | undefined {
    const { key, namespaces } = this.split(fullKey, options)
    const language = options.lng ?? this.language
    const languages = language === this.fallbackLanguage ? [language] : [language, this.fallbackLanguage]
    for (const namespace of namespaces) {
      for (const code of languages) {
        for (const candidate of this.candidates(key, code, options.count)) {
          const value = this.read(code, namespace, candidate)
          if (typeof value === 'string') return { value, key }
        }
      }
    }
    return undefined
  }

  /** The keys to try, first to last: `_zero`, the plural category's, the key itself. */
  private candidates(key: string, language: string, count: unknown): string[] {
    if (typeof count !== 'number') return [key]
    const category = this.pluralRules(language).select(count)
    return [...(count === 0 ? [`${key}_zero`] : []), `${key}_${category}`, key]
  }

  private read(language: string, namespace: string, key: string): unknown {
    let node: unknown = this.resources.get(language)?.get(namespace)
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined
      node = (node as Bundle)[part]
    }
    return node
  }

  private interpolate(text: string, options: TranslationOptions, language: string): string {
    return text.replace(INTERPOLATION, (match, expression: string) => {
      const [name = '', format] = expression.split(',').map((part) => part.trim())
      const value = name.split('.').reduce<unknown>((node, part) => (node as Bundle | undefined)?.[part], options)
      if (value === undefined) return Object.hasOwn(options, name) ? '' : match
      if (!format) return String(value)
      return this.format(value, format, language, options.formatParams?.[name] ?? {})
    })
  }

  private format(value: unknown, format: string, language: string, params: Record<string, unknown>): string {
    switch (format) {
      case 'number':
        return this.formatter(
          `n|${language}|${JSON.stringify(params)}`,
          () => new Intl.NumberFormat(language, params),
        ).format(Number(value))
      case 'datetime':
        return this.formatter(
          `d|${language}|${JSON.stringify(params)}`,
          () => new Intl.DateTimeFormat(language, params),
        ).format(new Date(value as string | number | Date))
      case 'relativetime': {
        const { range = 'day', ...rest } = params as { range?: Intl.RelativeTimeFormatUnit }
        return new Intl.RelativeTimeFormat(language, rest).format(Number(value), range)
      }
      default:
        return String(value)
    }
  }

  private formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
    let formatter = this.formats.get(key) as F | undefined
    if (!formatter) this.formats.set(key, (formatter = make()))
    return formatter
  }

  private pluralRules(language: string): Intl.PluralRules {
    const key = `p|${language}`
    let rules = this.formats.get(key) as Intl.PluralRules | undefined
    if (!rules) this.formats.set(key, (rules = new Intl.PluralRules(language)))
    return rules
  }

  /** `$t(key)` and `$t(key, {"name": value})` inside a message, resolved as i18next does. */
  private nest(text: string, options: TranslationOptions): string {
    if (!text.includes('$t(')) return text
    return text.replace(NESTING, (_match, inner: string) => {
      const comma = inner.indexOf(',')
      if (comma < 0) return this.translate(inner.trim(), { ...options, count: undefined })
      const key = inner.slice(0, comma).trim()
      const values = nestedValues(inner.slice(comma + 1))
      return this.translate(key, { ...options, ...values })
    })
  }
}

/** The values of a `$t(key, {json})` nesting (single quotes allowed, as i18next); none when unreadable. */
function nestedValues(json: string): Record<string, unknown> {
  try {
    return JSON.parse(json.replace(/'/g, '"')) as Record<string, unknown>
  } catch {
    return {}
  }
}
