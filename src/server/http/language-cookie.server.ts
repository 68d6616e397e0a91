import { env } from '@/lib/env.server'
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MINUTES, toLanguage } from '@/lib/i18n/config'

import type { PipelineStep } from './pipeline.server'

/**
 * A language chosen with `?lng=` on a page request is remembered by the
 * response itself (docs/product.md#constants: the detector's cookie, 43200 minutes,
 * path /, SameSite lax), so the next request's first HTML is already in it,
 * even if the visitor leaves before the browser's detector runs.
 */
export const languageCookie: PipelineStep = async (request, next) => {
  const language = pageLanguage(request)
  const response = await next(request)
  if (!language) return response
  // A response's headers may be immutable (e.g. a proxied fetch): copy it.
  const remembered = new Response(response.body, response)
  remembered.headers.append('set-cookie', languageCookieHeader(language, isSecureSite(request)))
  return remembered
}

/** The supported language asked for by `?lng=` on a page (not an API or asset) request. */
function pageLanguage(request: Request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/')) return undefined
  return toLanguage(url.searchParams.get('lng'))
}

/**
 * Secure when the site is served over HTTPS: behind a TLS-terminating proxy
 * the request reaches us as http, so BASE_URL (as better-auth's cookies) decides too.
 */
function isSecureSite(request: Request) {
  return new URL(request.url).protocol === 'https:' || env().BASE_URL.startsWith('https:')
}

function languageCookieHeader(language: string, secure: boolean): string {
  const maxAge = LANGUAGE_COOKIE_MINUTES * 60
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}
