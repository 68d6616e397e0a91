import i18next, { type i18n } from 'i18next'
import { DEFAULT_LANGUAGE, NAMESPACES, type Language } from './config'
import type { Messages } from './messages'

/**
 * A ready i18next instance for one language, initialised synchronously from
 * messages already loaded, so the first render (server or hydration) is
 * already translated. One instance per request on the server.
 */
export function createI18n(language: Language, messages: Messages): i18n {
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
