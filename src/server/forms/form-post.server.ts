import type { FormResult } from '@/lib/forms/form-result'
import { languageFromRequest } from '@/lib/i18n/detect.server'
import { translator } from '@/server/http/api-errors.server'

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
