import { languageDir } from '@/lib/i18n/config'
import { languageFromRequest } from '@/lib/i18n/detect.server'
import { translate, type TranslationKey } from '@/lib/i18n/keys'
import { translator } from '@/server/http/api-errors.server'

/** Why the pipeline refused a request: its JSON `code`, status and message (`ui:http.*`). */
const REFUSALS = {
  CROSS_SITE_REQUEST: { status: 403, key: 'ui:http.crossSite' },
  UNTRUSTED_ORIGIN: { status: 403, key: 'ui:http.untrustedOrigin' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'ui:http.unsupportedMediaType' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'ui:http.payloadTooLarge' },
  PICTURE_TOO_LARGE: { status: 413, key: 'ui:picture.errors.tooLarge' },
  URI_TOO_LONG: { status: 414, key: 'ui:http.uriTooLong' },
  UNAUTHORIZED: { status: 401, key: 'ui:http.tokenRequired' },
  BAD_REQUEST: { status: 400, key: 'ui:http.malformed' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'ui:http.methodNotAllowed' },
  NOT_FOUND: { status: 404, key: 'ui:api.notFound' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'ui:http.unavailable' },
  INTERNAL_SERVER_ERROR: { status: 500, key: 'ui:api.unexpected' },
} as const satisfies Record<string, { status: number; key: TranslationKey }>

export type RefusalCode = keyof typeof REFUSALS

/** Machine callers: the APIs and the framework's server functions answer JSON. */
export function isApiPath(pathname: string) {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/_serverFn/')
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The pipeline's answer to a request it refuses: `{ code, message }` in the
 * caller's language on the API, a small translated page (no script, no
 * style; the app's icon, so that the browser asks for no /favicon.ico) elsewhere. Never reads the request's body.
 */
export async function refusal(
  request: Request,
  code: RefusalCode,
  headers: HeadersInit = {},
  values: Record<string, string> = {},
): Promise<Response> {
  const { status, key } = REFUSALS[code]
  let url: URL | undefined
  try {
    url = new URL(request.url)
  } catch {
    url = undefined
  }
  const language = languageFromRequest(url, request.headers)
  const { t } = await translator(language)
  // Each value that is not a number (an address) isolated: it keeps its order inside a right-to-left sentence.
  const isolated = Object.entries(values).map(([name, value]) => [
    name,
    /^[\d.,]+$/.test(value) ? value : `\u2068${value}\u2069`,
  ])
  const message = translate(t, key, Object.fromEntries(isolated))
  const answer = new Headers(headers)
  answer.set('cache-control', 'no-store')
  if (isApiPath(url?.pathname ?? '')) return Response.json({ code, message }, { status, headers: answer })
  answer.set('content-type', 'text/html; charset=utf-8')
  const title = escapeHtml(t('ui:http.pageTitle'))
  const page = `<!doctype html>
<html lang="${language}" dir="${languageDir(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${status}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(t('ui:http.home'))}</a></p></main></body>
</html>
`
  return new Response(request.method === 'HEAD' ? null : page, { status, headers: answer })
}
