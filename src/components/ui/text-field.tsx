import { type ComponentProps, useId } from 'react'

import { cn } from './cn'

/**
 * A labelled input with its error message wired for assistive technology
 * (aria-invalid, aria-describedby). `error` is already translated.
 */
export function TextField({
  label,
  error,
  className,
  ...props
}: ComponentProps<'input'> & { label: string; error?: string }) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-10 rounded-md border border-border bg-white px-3 text-base aria-invalid:border-danger dark:bg-zinc-900"
        {...props}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
