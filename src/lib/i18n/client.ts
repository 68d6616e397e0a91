import type { i18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import {
  BROWSER_NAMESPACES,
  type Language,
  LANGUAGE_DETECTION,
  languageDir,
  languageFontScale,
  toLanguage,
} from './config'
import { addMessages, hasMessages, loadMessages } from './messages'

/**
 * The language in the browser. The server already rendered the first HTML in
 * the language it could see (query `lng`, cookie, Accept-Language); the
 * browser runs i18next-browser-languagedetector with the product's order and
 * caches (local storage and the cookie) so that every next request carries
 * the choice.
 */

let detector: LanguageDetector | undefined

function browserDetector() {
  // With a getBestMatchFromCodes, `detect()` returns every code found, in order, not only the first.
  detector ??= new LanguageDetector(
    { languageUtils: { getBestMatchFromCodes: () => undefined } },
    {
      ...LANGUAGE_DETECTION,
      order: [...LANGUAGE_DETECTION.order],
      caches: [...LANGUAGE_DETECTION.caches],
      cookieOptions: { ...LANGUAGE_DETECTION.cookieOptions },
    },
  )
  return detector
}

/** The first supported language the detector finds, in the product's order (docs/product.md#constants). */
function detectLanguage(): Language | undefined {
  const found = browserDetector().detect()
  for (const code of Array.isArray(found) ? found : found ? [found] : []) {
    const language = toLanguage(code)
    if (language) return language
  }
  return undefined
}

/** Remembers the language in local storage and in the cookie (43200 minutes, path /, SameSite lax). */
function cacheLanguage(language: Language) {
  browserDetector().cacheUserLanguage(language)
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
const requested = new WeakMap<i18n, Language>()

export async function switchLanguage(instance: i18n, language: Language) {
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
export async function syncDetectedLanguage(instance: i18n) {
  const current = toLanguage(instance.language)
  const detected = detectLanguage() ?? current
  if (!detected) return
  if (detected !== current) await switchLanguage(instance, detected)
  else cacheLanguage(detected)
}
