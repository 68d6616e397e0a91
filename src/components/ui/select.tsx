import type { ComponentProps, ReactNode } from 'react'

import { controlClass, Field } from './field'

/**
 * A labelled native `<select>` (a `Field` around it): the platform's own
 * accessible list on every device. `options` are value and translated label
 * (and the label's language, if not the page's).
 */
export function Select({
  label,
  description,
  error,
  className,
  options,
  ...props
}: ComponentProps<'select'> & {
  label: string
  description?: ReactNode
  error?: string
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>
}) {
  return (
    <Field label={label} description={description} error={error} className={className}>
      {(control) => (
        <select {...control} className={controlClass} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
