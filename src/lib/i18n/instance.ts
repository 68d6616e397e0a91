import i18next, { type i18n } from 'i18next'

import { DEFAULT_LANGUAGE, type Language, NAMESPACES } from './config'
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

const rendering = new WeakMap<Messages, i18n>()

/**
 * The server's instance for a language's loaded messages (the same object
 * for every render, see loadMessages), made once: a server render only reads
 * from it. The browser gets its own, which it changes (language switches).
 */
export function renderingI18n(language: Language, messages: Messages): i18n {
  if (!import.meta.env.SSR) return createI18n(language, messages)
  let instance = rendering.get(messages)
  if (instance?.language !== language) {
    instance = createI18n(language, messages)
    rendering.set(messages, instance)
  }
  return instance
}
