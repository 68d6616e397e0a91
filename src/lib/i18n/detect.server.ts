import { DEFAULT_LANGUAGE, fromAcceptLanguage, isLanguage, type Language, LANGUAGE_COOKIE } from './config'

/** One cookie of a Cookie header, decoded (a malformed escape counts as absent, never a 500). */
export function cookieValue(cookieHeader: string | null, name: string) {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key !== name) continue
    try {
      return decodeURIComponent(value.join('='))
    } catch {
      return undefined
    }
  }
  return undefined
}

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
