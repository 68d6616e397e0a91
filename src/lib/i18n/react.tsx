import type { ParseKeys, TFunction } from 'i18next'
import {
  cloneElement,
  createContext,
  Fragment,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react'

import type { Namespace } from './config'
import type { Translator } from './translator'

/**
 * The translator for React (decision 022), as react-i18next's API the app
 * used: a provider, `useTranslation(ns)` giving a typed `t` (keys checked by
 * src/lib/i18n/i18next.d.ts) and the instance, re-rendering on a language
 * switch, and `Trans` for a message with markup.
 */
const TranslatorContext = createContext<Translator | null>(null)

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>
}

/** The translator given by the nearest I18nProvider. */
function useTranslator(): Translator {
  const translator = useContext(TranslatorContext)
  if (!translator) throw new Error('useTranslation needs an I18nProvider above it')
  return translator
}

type Namespaces = Namespace | readonly Namespace[]

/** A translator's language, followed through switches (a re-render on each). */
export function useTranslatorLanguage(i18n: Translator): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange)
      return () => i18n.off('languageChanged', onChange)
    },
    [i18n],
  )
  return useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  )
}

/** `t` for `namespaces` (the first one first; a key may name its own, 'ui:actions.save'), and the translator. */
export function useTranslation<N extends Namespaces = 'common'>(namespaces?: N) {
  const i18n = useTranslator()
  const language = useTranslatorLanguage(i18n)
  // A new `t` for each language, so memoised children translate again after a switch.
  const key = [namespaces ?? []].flat().join(',')
  const t = useMemo(
    () => i18n.getFixedT(language, key ? (key.split(',') as Namespace[]) : undefined),
    [i18n, key, language],
  )
  return { t: t as unknown as TFunction<N>, i18n }
}

interface TransProps<N extends Namespace> {
  t: TFunction<N>
  i18nKey: ParseKeys<N>
  values?: Record<string, string | number>
  /** The elements of the message's tags: `<mail>{{email}}</mail>` takes `components.mail`'s element around its text. */
  components: Record<string, ReactElement>
}

const TAG = /<(\w+)>(.*?)<\/\1>/

/** A message whose `<name>…</name>` parts become the given elements (their text inside), the rest plain text. */
export function Trans<N extends Namespace>({ t, i18nKey, values, components }: TransProps<N>) {
  let rest = (t as unknown as (key: string, values?: object) => string)(i18nKey as string, values)
  const parts: ReactNode[] = []
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    const [whole, name = '', text] = match
    parts.push(rest.slice(0, match.index))
    const element = components[name]
    parts.push(element ? cloneElement(element, { key: parts.length }, text) : whole)
    rest = rest.slice(match.index + whole.length)
  }
  parts.push(rest)
  return <Fragment>{parts}</Fragment>
}
