import { API_PREFIX, apiDoorOf } from './api-prefixes.server'
import type { PipelineStep } from './pipeline.server'
import { refusal } from './refusal.server'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * An identity provider answering with `response_mode=form_post` posts the
 * sign-in result from its own origin: better-auth checks it against the
 * `state` it issued, so these are let through.
 */
const OAUTH_CALLBACKS = [`${API_PREFIX.auth}/callback/`, `${API_PREFIX.auth}/oauth2/callback/`]

/** `application/json` and `application/*+json`, whatever the parameters. */
function isJson(contentType: string | null) {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)
}

/** A body announced by its headers (a length above 0, or chunks). */
function hasBody(request: Request) {
  const length = request.headers.get('content-length')
  return (length !== null && length.trim() !== '0') || request.headers.has('transfer-encoding')
}

/**
 * Cross-site refusal: a state-changing request from a page of another
 * origin gets 403, whatever the cookie it carries. Browsers say where a
 * request comes from (`Sec-Fetch-Site`, `Origin`); a client that says
 * nothing (curl, scripts) is not a browser and is let through. The JSON APIs
 * also refuse any body that is not JSON (415): a form or `text/plain` post is
 * what a page of another site can send without asking.
 * `trustedOrigins` starts with the app's own (BASE_URL's).
 */
export function crossSiteRefusal(trustedOrigins: readonly [string, ...string[]]): PipelineStep {
  const trusted = new Set(trustedOrigins)
  return async (request, next) => {
    if (!STATE_CHANGING.has(request.method)) return next(request)
    const { pathname } = new URL(request.url)
    if (OAUTH_CALLBACKS.some((prefix) => pathname.startsWith(prefix))) return next(request)
    const site = request.headers.get('sec-fetch-site')
    const origin = request.headers.get('origin')
    if (site === 'same-origin' && origin !== null && !trusted.has(origin)) {
      // A page this server sent, opened at an address it is not set up for (BASE_URL): say which.
      return refusal(request, 'UNTRUSTED_ORIGIN', {}, { origin, base: trustedOrigins[0] })
    }
    if ((site !== null && site !== 'same-origin' && site !== 'none') || (origin !== null && !trusted.has(origin))) {
      return refusal(request, 'CROSS_SITE_REQUEST')
    }
    // The JSON APIs (every door): a form or text body there is a cross-site form post, never the app.
    if (apiDoorOf(pathname)) {
      const contentType = request.headers.get('content-type')
      if (contentType !== null ? !isJson(contentType) : hasBody(request))
        return refusal(request, 'UNSUPPORTED_MEDIA_TYPE')
    }
    return next(request)
  }
}
