import type { PipelineStep } from './pipeline.server'
import { withRequestUrl } from './pipeline.server'

/**
 * The request's URL is built from its Host header (or X-Forwarded-Host),
 * which the client chooses; whatever derives an absolute URL from it (the
 * framework's redirect of `//a/`, a document's server list…) would send the
 * visitor to the attacker's host. A request for a host that is not BASE_URL's
 * or one of TRUSTED_ORIGINS' is answered as if it were for BASE_URL: the
 * path and query are kept, the origin is ours. Known hosts (the usual case)
 * pass untouched, without a copy of the request.
 */
export function knownHost(baseUrl: string, trustedOrigins: readonly string[]): PipelineStep {
  const base = new URL(baseUrl).origin
  // Host names only: a proxy may drop the port or the scheme, which is no one else's site.
  const known = new Set([baseUrl, ...trustedOrigins].map((origin) => new URL(origin).hostname))
  return (request, next) => {
    const url = new URL(request.url)
    if (known.has(url.hostname)) return next(request)
    return next(withRequestUrl(request, `${base}${url.pathname}${url.search}`))
  }
}
