import type { ParseKeys } from 'i18next'

import { afterPaintScript } from '@/lib/after-paint'
import { isLanguage } from '@/lib/i18n/config'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import { type Messages, pageMessages } from '@/lib/i18n/messages'
import type { Translator } from '@/lib/i18n/translator'
import appCss from '@/styles.css?url'

import { errorTitleKey } from './error-type'

/** A message key, `namespace:path` (`shell` when no namespace is given). */
export type MessageKey = TranslationKey | ParseKeys<'shell'>

const withNamespace = (key: MessageKey): TranslationKey => (key.includes(':') ? key : `shell:${key}`) as TranslationKey

/** What a route's head() receives that these helpers read: the root match's loader data, the matches' outcome. */
interface HeadContext {
  matches: ReadonlyArray<{ loaderData?: unknown; status?: string; error?: unknown; _notFound?: boolean }>
}

/**
 * The title of the error page shown instead of the route's own (a guard's
 * 403, a 404, a failed loader), if any: the tab says what the page is.
 */
function errorTitle({ matches }: HeadContext): MessageKey | undefined {
  for (const match of matches) {
    if (match.status === 'notFound' || match._notFound) return 'errors.404.title'
    if (match.status === 'error') return errorTitleKey(match.error)
  }
  return undefined
}

// The browser's one i18n instance (set by the shell once it has rendered), so
// titles follow a language switched after the first page; the server has none
// and reads the messages the root loader read for the request's language.
let browserI18n: Translator | undefined

export function setHeadI18n(instance: Translator) {
  browserI18n = instance
}

function lookup(messages: Messages | undefined, key: MessageKey): string | undefined {
  const [namespace, path] = key.includes(':') ? key.split(':', 2) : ['shell', key]
  let node: unknown = messages?.[namespace!]
  for (const part of path!.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  }
  return typeof node === 'string' ? node : undefined
}

/** The translation of `key` for a head() call (with its `{{name}}`), or undefined when it is missing. */
function translateForHead({ matches }: HeadContext, key: MessageKey, name?: string): string | undefined {
  if (browserI18n) {
    const full = withNamespace(key)
    return browserI18n.exists(full)
      ? translate(browserI18n.t, full, name === undefined ? undefined : { name })
      : undefined
  }
  const root = matches[0]?.loaderData as { language?: unknown } | undefined
  const messages = isLanguage(root?.language) ? pageMessages(root.language, root) : undefined
  return lookup(messages, key)?.replaceAll('{{name}}', name ?? '')
}

const FALLBACK_APP_NAME = 'Start Books'

/** `Books · Start Books`: the page's translated title, then the product's name. */
export function pageTitle(context: HeadContext, key: MessageKey): string {
  const appName = translateForHead(context, 'appName') ?? FALLBACK_APP_NAME
  const page = translateForHead(context, errorTitle(context) ?? key)
  return page ? `${page} · ${appName}` : appName
}

/** A route's head with its translated title: `head: pageHead('pages.books')`. */
export function pageHead(key: MessageKey) {
  return (context: HeadContext) => ({ meta: [{ title: pageTitle(context, key) }] })
}

/**
 * A detail page's head titled by its own data (a book's title), falling back
 * to `key` while there is none: `head: titledHead((book) => book?.title, 'pages.books')`.
 */
export function titledHead<Data>(titleOf: (data?: Data) => string | undefined, key: MessageKey) {
  return (context: HeadContext & { loaderData?: Data }) => {
    return headTitled(context, errorTitle(context) ? undefined : titleOf(context.loaderData), key)
  }
}

/** `own · Start Books`, or the page's translated title (`key`) when there is no `own`. */
function headTitled(context: HeadContext, own: string | undefined, key: MessageKey) {
  if (!own) return { meta: [{ title: pageTitle(context, key) }] }
  const appName = translateForHead(context, 'appName') ?? FALLBACK_APP_NAME
  return { meta: [{ title: `${own} · ${appName}` }] }
}

/**
 * A page about one thing, titled by a message naming it (`Edit {{name}}`), falling back to `key`
 * while there is none: `head: namedHead('user:pages.updateNamed', (user) => user?.name, 'user:pages.update')`.
 */
export function namedHead<Data>(template: MessageKey, nameOf: (data?: Data) => string | undefined, key: MessageKey) {
  return (context: HeadContext & { loaderData?: Data }) => {
    const name = errorTitle(context) ? undefined : nameOf(context.loaderData)
    return headTitled(context, name ? translateForHead(context, template, name) : undefined, key)
  }
}

/**
 * A signed-in page's message chunks (the root loader's `messageChunks`, decision 046): without
 * them the browser would ask for them only in the router's `hydrate`, once the page's modules
 * have run, one more round trip. The after-paint loader (src/lib/after-paint.ts) preloads them
 * with the page's modules, never before the first paint. An anonymous page carries its messages.
 */
function messagePreloads({ matches }: HeadContext) {
  const chunks = (matches[0]?.loaderData as { messageChunks?: unknown } | undefined)?.messageChunks
  if (!Array.isArray(chunks) || chunks.length === 0) return []
  return [{ 'data-message-chunks': '', children: afterPaintScript(chunks as string[]) }]
}

/** The document head shared by every page; routes add their own title. */
export function rootHead(context: HeadContext) {
  const appName = translateForHead(context, 'appName') ?? FALLBACK_APP_NAME
  const description = translateForHead(context, 'description')
  const error = errorTitle(context)
  return {
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      // A route's own title follows; an error page (where the route's head may not run) is titled here.
      { title: error ? pageTitle(context, error) : appName },
      ...(description ? [{ name: 'description', content: description }] : []),
      { name: 'application-name', content: appName },
      { name: 'apple-mobile-web-app-title', content: appName },
      { name: 'theme-color', content: '#3b3fb5' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'icon', href: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ],
    scripts: messagePreloads(context),
  }
}
