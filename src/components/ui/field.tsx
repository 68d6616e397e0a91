import { type ReactNode, useId } from 'react'

import { cn } from './cn'

/** The look of every text control (input, select, combobox input): one place to change it. */
export const controlClass =
  'h-10 w-full rounded-md border border-border bg-control px-3 text-base disabled:opacity-60 aria-invalid:border-danger'

/** What a control needs to be wired to its label, description and error. */
interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A label, a control, an optional description and an error (already
 * translated), wired for assistive technology: the control gets the id, and
 * aria-invalid / aria-describedby pointing at the description and the error.
 * The control is a render function so any control fits (input, select, a
 * library's combobox).
 */
export function Field({
  label,
  description,
  error,
  className,
  id: givenId,
  labelProps,
  children,
}: {
  label: ReactNode
  description?: ReactNode
  error?: string
  className?: string
  /** The control's id, when something else (a library) chose it. */
  id?: string
  /** Extra props for the label (e.g. a library's id for it). */
  labelProps?: { id?: string }
  children: (control: FieldControlProps) => ReactNode
}) {
  const ownId = useId()
  const id = givenId ?? ownId
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium" {...labelProps}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
