import type { ComponentProps, ReactNode } from 'react'

import { controlClass, Field } from './field'

/** A labelled input (a `Field` around an `<input>`). `error` and `description` are already translated. */
export function TextField({
  label,
  description,
  error,
  className,
  ...props
}: ComponentProps<'input'> & { label: string; description?: ReactNode; error?: string }) {
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => <input {...control} className={controlClass} {...props} />}
    </Field>
  )
}
