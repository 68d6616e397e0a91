import { randomBytes } from 'node:crypto'

import { apiDoorOf } from './api-prefixes.server'
import { type PipelineStep, withRequestHeaders, withResponseHeaders } from './pipeline.server'

/** The header that hands the response's CSP nonce to the renderer (src/server.ts → router ssr.nonce). */
export const NONCE_HEADER = 'x-start-csp-nonce'

// Random bytes drawn a page at a time (one system call for 256 nonces); each byte is used once.
const NONCE_BYTES = 16
let pool = Buffer.alloc(0)
let used = 0

/** A fresh CSP nonce: 16 random bytes, base64. */
export function newNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256)
    used = 0
  }
  used += NONCE_BYTES
  return pool.toString('base64', used - NONCE_BYTES, used)
}

/**
 * Browser features the app does not use, turned off for it and anything it embeds; passkeys for
 * itself only. Only features the browsers know: an unknown one is a console warning on every
 * page (Chromium: 'bluetooth'), which the e2e suite's console check refuses.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  // Passkeys: asked and created by this origin's own pages only.
  .concat(['publickey-credentials-create=(self)', 'publickey-credentials-get=(self)'])
  .join(', ')

/**
 * A Content-Security-Policy. Scripts: `script` (the app's pages: a nonce and
 * 'strict-dynamic'); styles allow inline `style` attributes, which React and
 * the UI components set (scripts never get 'unsafe-inline' or 'unsafe-eval').
 * Images: `blob:` for the preview of a chosen picture (picture-field.tsx);
 * a blob: URL belongs to the origin that made it, so only the page's own.
 */
export function contentSecurityPolicy(script: string): string {
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
}

/** Anything that is not a page (JSON, a script file, an image…) may run and embed nothing. */
export const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The headers every answer carries (static files get them from static-headers.nitro.ts). */
export function staticSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/** Answers that depend on who asks (the session cookie): pages and the APIs. */
function dependsOnSession(pathname: string) {
  if (apiDoorOf(pathname) || pathname.startsWith('/_serverFn/')) return true
  return !pathname.startsWith('/api/')
}

/** A Cache-Control that lets the browser alone keep the answer (`private`, never `public`): a shared cache stores nothing. */
function browserOnly(cacheControl: string | null) {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim())
  return directives.includes('private') && !directives.includes('public')
}

/**
 * Security headers on every answer. Each HTML answer gets a fresh nonce
 * (handed to the renderer in NONCE_HEADER so its inline and hydration
 * scripts carry it) and a CSP that runs nothing else; a route that serves
 * its own kind of page (the API reference) sets its own CSP, kept as is, and
 * so does the page cache for a kept page (the hashes of its scripts).
 * Answers that depend on the session are never stored by a shared cache:
 * `private, no-store`, unless the route let the browser alone keep it
 * (a picture, named by its content: `private, max-age=…, immutable`).
 */
export function securityHeaders(options: { https: boolean }): PipelineStep {
  const fixed = Object.entries(staticSecurityHeaders(options.https))
  return async (request, next) => {
    const nonce = newNonce()
    const response = await next(withRequestHeaders(request, (headers) => headers.set(NONCE_HEADER, nonce)))
    const session = dependsOnSession(new URL(request.url).pathname)
    return withResponseHeaders(response, (answer) => {
      for (const [name, value] of fixed) answer.set(name, value)
      if (!answer.has('content-security-policy')) {
        const html = answer.get('content-type')?.includes('text/html')
        answer.set(
          'content-security-policy',
          html ? contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`) : NOT_A_PAGE_POLICY,
        )
      }
      if (session) {
        if (!browserOnly(answer.get('cache-control'))) answer.set('cache-control', 'private, no-store')
      } else if (!answer.has('cache-control')) answer.set('cache-control', 'no-store')
    })
  }
}
