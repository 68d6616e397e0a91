import { BROWSER_NAMESPACES, DEFAULT_LANGUAGE, type Language, TRANSLATION_LOADING } from './config'
import type { Translator } from './translator'

export type Messages = Record<string, Record<string, unknown>>
type MessageFile = () => Promise<{ default: Record<string, unknown> }>

// One lazy chunk per language file: only the active language reaches the browser. The
// e-mails' texts are the server's only (not in BROWSER_NAMESPACES): the browser's list
// leaves them out, a few bytes less in every page's first load.
const files: Record<string, MessageFile> = import.meta.env.SSR
  ? import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json')
  : import.meta.glob<{ default: Record<string, unknown> }>(['../../locales/*/*.json', '!../../locales/*/emails.json'])

export interface LoadMessagesOptions {
  /** The message files by path (tests pass failing ones). */
  files?: Record<string, MessageFile>
  /** How to wait before a retry (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>
  /** Only these namespaces (default: all). */
  namespaces?: readonly string[]
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** At most `max` reads at a time; a read waiting for its retry holds no slot (as i18next's backend connector). */
function createLimiter(max: number) {
  let active = 0
  const waiting: Array<() => void> = []
  const acquire = () =>
    active < max ? (active++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve))
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else active--
  }
  return async <T>(task: () => Promise<T>): Promise<T> => {
    await acquire()
    try {
      return await task()
    } finally {
      release()
    }
  }
}

/** Loaded messages, shared: never changed in place (i18next copies what it is given to add). */
const loaded = new Map<string, Promise<Messages>>()
/** The same once read, for a render that needs them at once (`loadedMessages`). */
const settled = new Map<string, Messages>()
const messagesKey = (language: Language, namespaces?: readonly string[]) =>
  `${language}|${namespaces?.join(',') ?? '*'}`

/**
 * The messages of one language, every namespace file read with the loading
 * constants of docs/product.md#constants: 10 parallel reads, a failed read retried up
 * to 5 times after 350 ms, 700 ms, 1.4 s… A language without files falls back
 * to English.
 */
export function loadMessages(language: Language, options: LoadMessagesOptions = {}): Promise<Messages> {
  // The app's own files are read once per language and namespaces (every
  // server render asks again); a failed read is forgotten so the next one retries.
  if (options.files || options.sleep) return readMessages(language, options)
  const key = messagesKey(language, options.namespaces)
  let messages = loaded.get(key)
  if (!messages) {
    messages = readMessages(language, options)
    loaded.set(key, messages)
    messages.then(
      (read) => settled.set(key, read),
      () => loaded.delete(key),
    )
  }
  return messages
}

/** The messages `loadMessages` has already read for these options, or undefined. */
export function loadedMessages(language: Language, namespaces?: readonly string[]): Messages | undefined {
  return settled.get(messagesKey(language, namespaces))
}

/**
 * The messages of the pages (every namespace but the e-mails'), read once per
 * process. A signed-in page's data does not carry them (decision 046): the
 * server's root loader reads them before rendering, the browser from its own
 * chunks before it hydrates (src/router.tsx), then `pageMessages` has them.
 */
export const loadPageMessages = (language: Language) => loadMessages(language, { namespaces: BROWSER_NAMESPACES })

/**
 * The messages of the pages in `language`: those the root route's data carries (an anonymous
 * page's), else the ones `loadPageMessages` has read.
 */
export function pageMessages(language: Language, rootData?: unknown): Messages | undefined {
  return hasPageMessages(rootData) ? rootData.messages : loadedMessages(language, BROWSER_NAMESPACES)
}

/** Whether the root route's data carries the messages (an anonymous page, src/routes/__root.tsx). */
export function hasPageMessages(rootData: unknown): rootData is { messages: Messages } {
  return typeof rootData === 'object' && rootData !== null && 'messages' in rootData && !!rootData.messages
}

async function readMessages(language: Language, options: LoadMessagesOptions): Promise<Messages> {
  const { maxParallelReads, maxRetries, retryDelayMs } = TRANSLATION_LOADING
  const sleep = options.sleep ?? wait
  const limit = createLimiter(maxParallelReads)
  const namespaceOf = (path: string) => path.split('/').pop()!.replace('.json', '')
  const entries = Object.entries(options.files ?? files).filter(
    ([path]) =>
      path.includes(`/locales/${language}/`) && (!options.namespaces || options.namespaces.includes(namespaceOf(path))),
  )

  const readFile = async (load: MessageFile) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return (await limit(load)).default
      } catch (error) {
        if (attempt >= maxRetries) throw error
        await sleep(retryDelayMs * 2 ** attempt)
      }
    }
  }

  const read = await Promise.all(
    entries.map(async ([path, load]) => [namespaceOf(path), await readFile(load)] as const),
  )
  if (read.length === 0 && language !== DEFAULT_LANGUAGE) return loadMessages(DEFAULT_LANGUAGE, options)
  return Object.fromEntries(read)
}

/** Adds a language's messages to an i18next instance (merged over what it has). */
export function addMessages(instance: Translator, language: Language, messages: Messages) {
  for (const [namespace, bundle] of Object.entries(messages)) {
    instance.addResourceBundle(language, namespace, bundle)
  }
}

/** Whether an instance already holds every namespace of a language. */
export function hasMessages(instance: Translator, language: Language, namespaces: readonly string[]) {
  return namespaces.every((namespace) => instance.hasResourceBundle(language, namespace))
}
