import type { Language } from './config'
import type { Messages } from './messages'
import { Translator } from './translator'

/**
 * A ready translator for one language, from messages already loaded, so the
 * first render (server or hydration) is already translated.
 */
export function createI18n(language: Language, messages: Messages): Translator {
  return new Translator(language, messages)
}

const rendering = new WeakMap<Messages, Translator>()

/**
 * The server's instance for a language's loaded messages (the same object
 * for every render, see loadMessages), made once: a server render only reads
 * from it. The browser gets its own, which it changes (language switches).
 */
export function renderingI18n(language: Language, messages: Messages): Translator {
  if (!import.meta.env.SSR) return createI18n(language, messages)
  let instance = rendering.get(messages)
  if (instance?.language !== language) {
    instance = createI18n(language, messages)
    rendering.set(messages, instance)
  }
  return instance
}
