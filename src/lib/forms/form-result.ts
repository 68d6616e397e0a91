/**
 * What a form posted without its script (a real `<form method="post">`,
 * used before the page hydrated or with JavaScript off) came back with: the
 * page is rendered again as the POST's answer, with what was typed, the
 * fields' messages and the failure, exactly as the script would show them
 * (docs/decisions/031-forms-before-hydration.md).
 */
export interface FormResult {
  /** What was typed, to put back in the fields (never a code). */
  values?: Record<string, string>
  /** Field name → its message, as a schema gives it (see `fieldMessage`). */
  fields?: Record<string, string>
  /** The failure, in the visitor's language (translated by the server: the page loads no error catalogue for it). */
  message?: string
  /** A success that stays on the page ('A new code has been sent'). */
  notice?: 'resent'
  /** The HTTP status of the answer (400, 403, 429…; 200 for a notice). */
  status: number
}

/**
 * The form result this render answers, read by a route's loader from its
 * options (so it is in the page's data at hydration): on the server, the
 * server context the form's POST handler filled (src/server/forms); in the
 * browser, none (a client navigation is never a form post).
 */
export function postedFormResult(loaderOptions: object): FormResult | undefined {
  return (loaderOptions as { serverContext?: { formResult?: FormResult } }).serverContext?.formResult
}
