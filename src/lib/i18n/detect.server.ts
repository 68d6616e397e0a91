import { cookieValue } from '@/server/http/cookies.server'

import { DEFAULT_LANGUAGE, fromAcceptLanguage, isLanguage, type Language, LANGUAGE_COOKIE } from './config'

/**
 * The language of a request as the server can see it, in the detector's
 * order: `lng` query parameter, cookie, then the browser's languages.
 */
export function languageFromRequest(url: URL | undefined, headers: Headers | undefined): Language {
  const query = url?.searchParams.get('lng')
  if (isLanguage(query)) return query
  return languageFromHeaders(headers)
}

export function languageFromHeaders(headers: Headers | undefined): Language {
  const cookie = cookieValue(headers?.get('cookie') ?? null, LANGUAGE_COOKIE)
  if (isLanguage(cookie)) return cookie
  return fromAcceptLanguage(headers?.get('accept-language')) ?? DEFAULT_LANGUAGE
}
