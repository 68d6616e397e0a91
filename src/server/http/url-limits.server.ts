import type { PipelineStep } from './pipeline.server'
import { refusal } from './refusal.server'

/** Longest path and query accepted, and longest redirect target sent back. */
export const MAX_URL_LENGTH = 4096

/** `%00`, or a raw NUL byte. */
const hasNul = (text: string) => text.includes('\0') || text.toLowerCase().includes('%00')

/**
 * URL hygiene: a path and query over MAX_URL_LENGTH → 414; a NUL (U+0000)
 * anywhere in them or a path that does not decode → 400, before any route
 * or database sees it. On the way out, a redirect whose target is too long
 * (a `redirect` parameter echoed back) loses its query, or goes home.
 */
export const urlLimits: PipelineStep = async (request, next) => {
  const url = new URL(request.url)
  const target = url.pathname + url.search
  if (target.length > MAX_URL_LENGTH) return refusal(request, 'URI_TOO_LONG')
  if (
    hasNul(target) ||
    !decodes(url.pathname) ||
    [...url.searchParams].some(([key, value]) => key.includes('\0') || value.includes('\0'))
  ) {
    return refusal(request, 'BAD_REQUEST')
  }
  const response = await next(request)
  const location = response.headers.get('location')
  if (location === null || location.length <= MAX_URL_LENGTH) return response
  const shortened = location.replace(/[?#].*$/s, '')
  const headers = new Headers(response.headers)
  headers.set('location', shortened.length <= MAX_URL_LENGTH ? shortened : '/')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

function decodes(pathname: string) {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}
