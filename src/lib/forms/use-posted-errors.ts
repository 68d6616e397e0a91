import { useState } from 'react'
import type { FieldErrors, FieldValues } from 'react-hook-form'

import type { FormResult } from './form-result'

/**
 * The fields' messages a post came back with (`posted.fields`), as react-hook-form's `errors`
 * option: one object, the same on every render.
 *
 * useForm applies `errors` again, and focuses the field, each time the object changes. Built
 * afresh in each render, it made every render schedule the next: a render loop from hydration
 * on, for as long as the page stayed open. It put the server's message back over the script's
 * own ('Code is required' after '123' was sent), and on the verify page the field's value never
 * caught up with what was typed before the page hydrated: the loop's renders wrote the form's
 * empty value over it, and the digits were gone.
 *
 * Taken once: the answer to a post is the page's first render; after that the script checks
 * the fields itself (a client navigation never carries a post's result).
 */
export function usePostedErrors<T extends FieldValues>(posted: FormResult | undefined): FieldErrors<T> | undefined {
  const [errors] = useState(() => {
    const fields = Object.entries(posted?.fields ?? {})
    if (fields.length === 0) return undefined
    return Object.fromEntries(fields.map(([name, message]) => [name, { type: 'server', message }])) as FieldErrors<T>
  })
  return errors
}
