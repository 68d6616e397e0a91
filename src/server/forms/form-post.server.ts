import type { AuthCallError } from '@/lib/auth/auth-client'
import type { FormResult } from '@/lib/forms/form-result'
import { languageFromRequest } from '@/lib/i18n/detect.server'
import { getAuth } from '@/server/auth/auth.server'
import { handleAuthRequest } from '@/server/auth/handler.server'
import { translator } from '@/server/http/api-errors.server'
import { clientAddressOf } from '@/server/http/client-address.server'

interface FormContext {
  formResult: FormResult
}

/** The form handler's context (a route's `server.handlers.POST`): `next` renders the page itself, with the form's result. */
export interface FormPost {
  request: Request
  next: (options: { context: FormContext }) => { isNext: true; context: FormContext }
}

/** Renders the posted page again, as the answer of the post, with what the form came back with. */
export const renderWith = (next: FormPost['next'], formResult: FormResult) => next({ context: { formResult } })

/** The visitor's `t` in the posted page's language (its `?lng=`, the language cookie, then Accept-Language), for a form result's message. */
export async function visitorT(request: Request) {
  return (await translator(languageFromRequest(new URL(request.url), request.headers))).t
}

/** The text fields of a form body (url-encoded or multipart), first value of each; undefined when the body is none of these. */
export async function readForm(request: Request): Promise<Record<string, string> | undefined> {
  try {
    const fields: Record<string, string> = {}
    for (const [name, value] of await request.formData()) {
      if (typeof value === 'string') fields[name] ??= value
    }
    return fields
  } catch {
    return undefined
  }
}

/** 303 See Other: the browser GETs `location`, so Back or a reload never posts the form again. */
export function seeOther(location: string, setCookies: readonly string[] = []) {
  const headers = new Headers({ location, 'cache-control': 'no-store' })
  for (const cookie of setCookies) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

export type AuthServiceAnswer =
  | { ok: true; data: unknown; setCookies: string[] }
  | { ok: false; error: AuthCallError & { status: number }; setCookies: string[] }

/**
 * Calls an endpoint of the auth service as its browser client does (a JSON
 * POST with the visitor's cookies and origin), through the same door as
 * /api/auth/*: its sign-in budgets, bans, demo mode and error mapping apply
 * to a form post exactly as to the script's call.
 */
export async function callAuthService(request: Request, path: string, body: unknown): Promise<AuthServiceAnswer> {
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.set('accept', 'application/json')
  headers.delete('content-length')
  const url = new URL(`/api/auth${path}`, request.url)
  const response = await handleAuthRequest(
    await getAuth(),
    new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }),
    clientAddressOf(request),
  )
  const json: unknown = await response.json().catch(() => null)
  const setCookies = response.headers.getSetCookie()
  if (response.ok) return { ok: true, data: json, setCookies }
  const error = json && typeof json === 'object' ? (json as AuthCallError) : {}
  return { ok: false, error: { ...error, status: response.status }, setCookies }
}
