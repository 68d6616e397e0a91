import { useCallback } from 'react'

import { useTranslation } from '@/lib/i18n/react'

import {
  BROWSER_NAMESPACES,
  type Language,
  LANGUAGE_DETECTION,
  languageDir,
  languageFontScale,
  toLanguage,
} from './config'
import { addMessages, hasMessages, loadMessages } from './messages'
import type { Translator } from './translator'

/**
 * The language in the browser. The server already rendered the first HTML in
 * the language it could see (query `lng`, cookie, Accept-Language); the
 * browser detects with the product's order (docs/product.md#constants) and caches (local storage and the
 * cookie) so that every next request carries the choice.
 */

/**
 * Where the browser may know a language, in the spec's order
 * (LANGUAGE_DETECTION.order, as i18next-browser-languagedetector reads them):
 * the query's `lng`, the cookie, local and session storage, the browser's
 * languages, `<html lang>`. Written out here rather than loaded: every page
 * runs it after hydration, and the library weighs more than this.
 */
const LOOKUPS: Record<string, () => Array<string | null | undefined>> = {
  querystring: () => [new URLSearchParams(window.location.search).get(LANGUAGE_DETECTION.lookupQuerystring)],
  cookie: () => [
    document.cookie
      .split(';')
      .map((pair) => pair.trim())
      .find((pair) => pair.startsWith(`${LANGUAGE_DETECTION.lookupCookie}=`))
      ?.slice(LANGUAGE_DETECTION.lookupCookie.length + 1),
  ],
  localStorage: () => [readStorage(() => window.localStorage, LANGUAGE_DETECTION.lookupLocalStorage)],
  sessionStorage: () => [readStorage(() => window.sessionStorage, LANGUAGE_DETECTION.lookupSessionStorage)],
  navigator: () => [...(navigator.languages ?? []), navigator.language],
  htmlTag: () => [document.documentElement.getAttribute('lang')],
}

/** A storage's value; undefined where storage is unavailable (private modes, blocked cookies). */
function readStorage(storage: () => Storage, key: string) {
  try {
    return storage().getItem(key)
  } catch {
    return undefined
  }
}

/** The first supported language found, in the product's order (docs/product.md#constants). */
function detectLanguage(): Language | undefined {
  for (const source of LANGUAGE_DETECTION.order) {
    for (const code of LOOKUPS[source]?.() ?? []) {
      const language = code ? toLanguage(code) : undefined
      if (language) return language
    }
  }
  return undefined
}

/** Remembers the language in local storage and in the cookie (43200 minutes, path /, SameSite lax). */
function cacheLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_DETECTION.lookupLocalStorage, language)
  } catch {
    // Storage unavailable: the cookie still carries the choice.
  }
  const expires = new Date(Date.now() + LANGUAGE_DETECTION.cookieMinutes * 60_000).toUTCString()
  const { path } = LANGUAGE_DETECTION.cookieOptions
  // SameSite as LANGUAGE_DETECTION.cookieOptions ('lax').
  document.cookie = `${LANGUAGE_DETECTION.lookupCookie}=${encodeURIComponent(language)}; Expires=${expires}; Path=${path}; SameSite=Lax`
}

/** `<html lang dir>` and the root font scale of a language. */
function applyDocumentLanguage(language: Language) {
  const root = document.documentElement
  root.lang = language
  root.dir = languageDir(language)
  const scale = languageFontScale(language)
  root.style.fontSize = scale === 1 ? '' : `${scale * 100}%`
}

/**
 * Switches an instance to a language: its messages loaded lazily (only
 * then), the document updated, the choice cached for the server.
 */
const requested = new WeakMap<Translator, Language>()

export async function switchLanguage(instance: Translator, language: Language) {
  requested.set(instance, language)
  if (!hasMessages(instance, language, BROWSER_NAMESPACES)) {
    addMessages(instance, language, await loadMessages(language, { namespaces: BROWSER_NAMESPACES }))
  }
  // Chosen again in the meantime (a quick second choice whose messages came first): the last choice wins.
  if (requested.get(instance) !== language) return
  await instance.changeLanguage(language)
  applyDocumentLanguage(language)
  cacheLanguage(language)
}

/** Changes the interface language (see switchLanguage). */
export function useChangeLanguage() {
  const { i18n } = useTranslation()
  return useCallback((language: Language) => switchLanguage(i18n, language), [i18n])
}

/**
 * After hydration: the detector may know better than the server (a choice
 * kept in local storage only); switch to it, and cache the language either way.
 */
export async function syncDetectedLanguage(instance: Translator) {
  const current = toLanguage(instance.language)
  const detected = detectLanguage() ?? current
  if (!detected) return
  if (detected !== current) await switchLanguage(instance, detected)
  else cacheLanguage(detected)
}
