import { definePlugin } from 'nitro'

import { env } from '@/lib/env.server'

import { NOT_A_PAGE_POLICY, staticSecurityHeaders } from './security-headers.server'

/**
 * The production server (nitro) answers the build's static files (scripts,
 * styles, icons, Swagger UI) itself, before the app's entry and its request
 * pipeline: they get the same security headers here. Hashed files keep
 * nitro's immutable Cache-Control. An answer that came through the pipeline
 * already has its Content-Security-Policy and is left alone.
 */
export default definePlugin((nitroApp) => {
  let headers: Record<string, string> | undefined
  nitroApp.hooks.hook('response', (response) => {
    if (response.headers.has('content-security-policy')) return
    headers ??= staticSecurityHeaders(env().BASE_URL.startsWith('https:'))
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    response.headers.set('content-security-policy', NOT_A_PAGE_POLICY)
  })
})
